import { Menu as ChakraMenu } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipes } from '../../theme/add-recipes';

/** Chakra's Menu with its recipes (see ../heavy-components.ts). */
export const Menu = withRecipes(ChakraMenu, { slotRecipes: { menu: menuSlotRecipe } });
