import { RadioGroup as ChakraRadioGroup } from '@chakra-ui/react';
import { radioGroupSlotRecipe, radiomarkRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's RadioGroup with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ recipes: { radiomark: radiomarkRecipe }, slotRecipes: { radioGroup: radioGroupSlotRecipe } });

/** A binding of this module's own (not a re-export, which a bundler would link past this module and its recipes). */
export const RadioGroup = ChakraRadioGroup;
