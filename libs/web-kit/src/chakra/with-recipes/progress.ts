import { Progress } from '@chakra-ui/react';
import { progressSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's Progress with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ slotRecipes: { progress: progressSlotRecipe } });

export { Progress };
