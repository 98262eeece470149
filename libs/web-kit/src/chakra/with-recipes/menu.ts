import { defineSlotRecipe, Menu as ChakraMenu } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipes } from '../../theme/add-recipes';

/**
 * Chakra's Menu with its recipes (see ../heavy-components.ts).
 *
 * A menu given a placement is shown before it is placed: zag sets the placement at once and the position (`--x`,
 * `--y`) a frame or more later, so the list would sit, transparent but catching taps, over the page's top-left corner
 * meanwhile. Until then it stays off-screen, where zag keeps a menu without a placement.
 */
const menuRecipe = defineSlotRecipe({
  ...menuSlotRecipe,
  base: { ...menuSlotRecipe.base, positioner: { ...menuSlotRecipe.base?.positioner, '--x': '0px', '--y': '-100vh' } },
});

export const Menu = withRecipes(ChakraMenu, { slotRecipes: { menu: menuRecipe } });
