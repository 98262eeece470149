import { NativeSelect as ChakraNativeSelect } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipes } from '../../theme/add-recipes';

/** Chakra's NativeSelect with its recipes (see ../heavy-components.ts). */
export const NativeSelect = withRecipes(ChakraNativeSelect, { slotRecipes: { nativeSelect: nativeSelectSlotRecipe } });
