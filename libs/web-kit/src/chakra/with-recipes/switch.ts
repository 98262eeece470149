import { Switch } from '@chakra-ui/react';
import { switchSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's Switch with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ slotRecipes: { switch: switchSlotRecipe } });

export { Switch };
