import {
  alertSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  dialogSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
} from '@chakra-ui/react/theme';
import { addRecipes } from '../theme/add-recipes';

/** The recipes of the heavy components (./heavy-components): they travel with them, not with the first page. */
export function addHeavyRecipes(): void {
  addRecipes({
    recipes: { checkmark: checkmarkRecipe, radiomark: radiomarkRecipe },
    slotRecipes: {
      alert: alertSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
    },
  });
}
