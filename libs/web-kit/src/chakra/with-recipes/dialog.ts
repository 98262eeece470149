import { Dialog as ChakraDialog } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipes } from '../../theme/add-recipes';

/** Chakra's Dialog with its recipes (see ../heavy-components.ts). */
export const Dialog = withRecipes(ChakraDialog, { slotRecipes: { dialog: dialogSlotRecipe } });
