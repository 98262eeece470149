import { defineSlotRecipe, Menu as ChakraMenu } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipes } from '../../theme/add-recipes';

/** Where the list waits until it is placed: off-screen, where zag keeps a menu without a placement. */
const UNPLACED_Y = '-100vh';

/**
 * Chakra's Menu with its recipes (see ../heavy-components.ts).
 *
 * A menu given a placement is rendered open before it is placed: zag sets the placement at once and the position
 * (`--x`, `--y`, inline on the positioner) a frame or more later. Meanwhile the list would sit, transparent but
 * catching taps, over the page's top-left corner. Until zag writes the position, the list is off-screen and hidden.
 */
const menuRecipe = defineSlotRecipe({
  ...menuSlotRecipe,
  base: {
    ...menuSlotRecipe.base,
    positioner: { ...menuSlotRecipe.base?.positioner, '--x': '0px', '--y': UNPLACED_Y },
    content: { ...menuSlotRecipe.base?.content, [`@container style(--y: ${UNPLACED_Y})`]: { visibility: 'hidden' } },
  },
});

export const Menu = withRecipes(ChakraMenu, { slotRecipes: { menu: menuRecipe } });
