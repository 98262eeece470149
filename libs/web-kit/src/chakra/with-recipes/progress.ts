import { Progress as ChakraProgress } from '@chakra-ui/react';
import { progressSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipes } from '../../theme/add-recipes';

/** Chakra's Progress with its recipes (see ../heavy-components.ts). */
export const Progress = withRecipes(ChakraProgress, { slotRecipes: { progress: progressSlotRecipe } });
