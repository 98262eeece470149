import { RadioGroup } from '@chakra-ui/react';
import { radioGroupSlotRecipe, radiomarkRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's RadioGroup with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ recipes: { radiomark: radiomarkRecipe }, slotRecipes: { radioGroup: radioGroupSlotRecipe } });

export { RadioGroup };
