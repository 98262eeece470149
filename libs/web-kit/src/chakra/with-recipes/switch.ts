import { Switch as ChakraSwitch } from '@chakra-ui/react';
import { switchSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's Switch with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ slotRecipes: { switch: switchSlotRecipe } });

/** A binding of this module's own (not a re-export, which a bundler would link past this module and its recipes). */
export const Switch = ChakraSwitch;
