import { Alert as ChakraAlert } from '@chakra-ui/react';
import { alertSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipes } from '../../theme/add-recipes';

/** Chakra's Alert with its recipes (see ../heavy-components.ts). */
export const Alert = withRecipes(ChakraAlert, { slotRecipes: { alert: alertSlotRecipe } });
