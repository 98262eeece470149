import { RadioGroup as ChakraRadioGroup } from '@chakra-ui/react';
import { radioGroupSlotRecipe, radiomarkRecipe } from '@chakra-ui/react/theme';
import { withRecipes } from '../../theme/add-recipes';

/** Chakra's RadioGroup with its recipes (see ../heavy-components.ts). */
export const RadioGroup = withRecipes(ChakraRadioGroup, {
  recipes: { radiomark: radiomarkRecipe },
  slotRecipes: { radioGroup: radioGroupSlotRecipe },
});
