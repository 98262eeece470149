import { Checkbox as ChakraCheckbox } from '@chakra-ui/react';
import { checkboxSlotRecipe, checkmarkRecipe } from '@chakra-ui/react/theme';
import { withRecipes } from '../../theme/add-recipes';

/** Chakra's Checkbox with its recipes (see ../heavy-components.ts). */
export const Checkbox = withRecipes(ChakraCheckbox, {
  recipes: { checkmark: checkmarkRecipe },
  slotRecipes: { checkbox: checkboxSlotRecipe },
});
