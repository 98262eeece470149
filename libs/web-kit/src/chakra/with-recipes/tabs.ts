import { Tabs as ChakraTabs } from '@chakra-ui/react';
import { tabsSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipes } from '../../theme/add-recipes';

/** Chakra's Tabs with its recipes (see ../heavy-components.ts). */
export const Tabs = withRecipes(ChakraTabs, { slotRecipes: { tabs: tabsSlotRecipe } });
