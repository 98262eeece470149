import { Tabs } from '@chakra-ui/react';
import { tabsSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's Tabs with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ slotRecipes: { tabs: tabsSlotRecipe } });

export { Tabs };
