import { Table } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's Table with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ slotRecipes: { table: tableSlotRecipe } });

export { Table };
