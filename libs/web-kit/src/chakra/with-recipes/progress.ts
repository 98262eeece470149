import { Progress as ChakraProgress } from '@chakra-ui/react';
import { progressSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's Progress with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ slotRecipes: { progress: progressSlotRecipe } });

/** A binding of this module's own (not a re-export, which a bundler would link past this module and its recipes). */
export const Progress = ChakraProgress;
