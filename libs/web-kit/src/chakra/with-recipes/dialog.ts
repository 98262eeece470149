import { Dialog as ChakraDialog } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's Dialog with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ slotRecipes: { dialog: dialogSlotRecipe } });

/** A binding of this module's own (not a re-export, which a bundler would link past this module and its recipes). */
export const Dialog = ChakraDialog;
