import { Table as ChakraTable } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's Table with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ slotRecipes: { table: tableSlotRecipe } });

/** A binding of this module's own (not a re-export, which a bundler would link past this module and its recipes). */
export const Table = ChakraTable;
