import { Menu } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's Menu with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ slotRecipes: { menu: menuSlotRecipe } });

export { Menu };
