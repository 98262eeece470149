import { NativeSelect as ChakraNativeSelect } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's NativeSelect with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ slotRecipes: { nativeSelect: nativeSelectSlotRecipe } });

/** A binding of this module's own (not a re-export, which a bundler would link past this module and its recipes). */
export const NativeSelect = ChakraNativeSelect;
