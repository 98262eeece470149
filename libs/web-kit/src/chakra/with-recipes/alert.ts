import { Alert as ChakraAlert } from '@chakra-ui/react';
import { alertSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's Alert with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ slotRecipes: { alert: alertSlotRecipe } });

/** A binding of this module's own (not a re-export, which a bundler would link past this module and its recipes). */
export const Alert = ChakraAlert;
