import { NativeSelect } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's NativeSelect with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ slotRecipes: { nativeSelect: nativeSelectSlotRecipe } });

export { NativeSelect };
