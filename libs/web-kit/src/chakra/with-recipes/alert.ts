import { Alert } from '@chakra-ui/react';
import { alertSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's Alert with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ slotRecipes: { alert: alertSlotRecipe } });

export { Alert };
