import { Tabs as ChakraTabs } from '@chakra-ui/react';
import { tabsSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme/add-recipes';

// Chakra's Tabs with its recipes (see ../heavy-components.ts for why each component has its own module).
addRecipes({ slotRecipes: { tabs: tabsSlotRecipe } });

/** A binding of this module's own (not a re-export, which a bundler would link past this module and its recipes). */
export const Tabs = ChakraTabs;
