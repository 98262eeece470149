import { Dialog } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's Dialog with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ slotRecipes: { dialog: dialogSlotRecipe } });

export { Dialog };
