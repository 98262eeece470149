import type { SystemContext } from '@chakra-ui/react';
import { system } from './system';

type Recipes = Record<string, unknown>;
type RecipeSet = { recipes?: Recipes; slotRecipes?: Recipes };

/**
 * Adds recipes to the one Chakra system after it was created. The system looks recipes up by key when a component
 * first renders (`getRecipe` / `getSlotRecipe` read the theme object at call time), so a lazily loaded component
 * brings its recipe along in its own chunk instead of the first page carrying it. Call it before the
 * components render (in the module that exports them).
 */
export function addRecipes({ recipes = {}, slotRecipes = {} }: RecipeSet, target: SystemContext = system): void {
  const theme = (target._config.theme ??= {}) as { recipes?: Recipes; slotRecipes?: Recipes };
  Object.assign((theme.recipes ??= {}), recipes);
  Object.assign((theme.slotRecipes ??= {}), slotRecipes);
}

/**
 * `component`, once its recipes are in the one system: a heavy component's own module exports what this returns
 * (chakra/with-recipes). The export is that module's own binding, so a bundler cannot link past the module (and the
 * recipes) to Chakra's as it links a re-export.
 */
export function withRecipes<T>(component: T, recipeSet: RecipeSet): T {
  addRecipes(recipeSet);
  return component;
}
