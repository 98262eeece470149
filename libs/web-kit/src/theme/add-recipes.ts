import type { SystemContext } from '@chakra-ui/react';
import { system } from './system';

type Recipes = Record<string, unknown>;

/**
 * Adds recipes to the one Chakra system after it was created. The system looks recipes up by key when a component
 * first renders (`getRecipe` / `getSlotRecipe` read the theme object at call time), so a lazily loaded component
 * brings its recipe along in its own chunk instead of the first page carrying it (issue 15). Call it before the
 * components render (in the module that exports them).
 */
export function addRecipes({ recipes = {}, slotRecipes = {} }: { recipes?: Recipes; slotRecipes?: Recipes }, target: SystemContext = system): void {
  const theme = (target._config.theme ??= {}) as { recipes?: Recipes; slotRecipes?: Recipes };
  Object.assign((theme.recipes ??= {}), recipes);
  Object.assign((theme.slotRecipes ??= {}), slotRecipes);
}
