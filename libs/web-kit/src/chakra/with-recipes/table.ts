import { Table as ChakraTable } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipes } from '../../theme/add-recipes';

/** Chakra's Table with its recipes (see ../heavy-components.ts). */
export const Table = withRecipes(ChakraTable, { slotRecipes: { table: tableSlotRecipe } });
