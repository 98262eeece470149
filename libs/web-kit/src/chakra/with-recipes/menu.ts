import { Menu as ChakraMenu } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's Menu with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ slotRecipes: { menu: menuSlotRecipe } });

/** A binding of this module's own (not a re-export, which a bundler would link past this module and its recipes). */
export const Menu = ChakraMenu;
