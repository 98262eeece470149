import { Switch as ChakraSwitch } from '@chakra-ui/react';
import { switchSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipes } from '../../theme/add-recipes';

/** Chakra's Switch with its recipes (see ../heavy-components.ts). */
export const Switch = withRecipes(ChakraSwitch, { slotRecipes: { switch: switchSlotRecipe } });
