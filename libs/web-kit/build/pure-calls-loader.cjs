// webpack loader: marks top-level factory calls of Chakra UI's ESM files as /*#__PURE__*/ so that webpack's
// tree shaking (inner graph) drops the ones nobody uses.
//
// Why: `@chakra-ui/react/theme` builds `defaultThemeConfig = defineConfig({ theme: { recipes, slotRecipes } })`
// at module level. webpack must assume an unannotated call has side effects, so importing just the tokens and
// the few recipes RampQuote uses (theme/config.ts, Chakra's "Bundle Optimization") still pulled all ~90 recipes
// into every page (~118 KB minified). These factories only build and return objects or components.
'use strict';

const FACTORIES = [
  'defineConfig',
  'defineRecipe',
  'defineSlotRecipe',
  'defineStyle',
  'defineTextStyles',
  'defineLayerStyles',
  'defineAnimationStyles',
  'defineKeyframes',
  'defineGlobalStyles',
  'defineConditions',
  'mergeConfigs',
  'createSystem',
  'createAnatomy',
  'withContext',
  'withProvider',
  'withRootProvider',
  'forwardRef',
  'chakra',
];

const PATTERN = new RegExp(`^((?:export )?(?:const|let|var) [\\w$]+ = )(${FACTORIES.join('|')})\\(`, 'gm');

/** @param {string} source */
function markPureCalls(source) {
  return source.replace(PATTERN, '$1/*#__PURE__*/ $2(');
}

module.exports = function pureCallsLoader(source) {
  return markPureCalls(source);
};
module.exports.markPureCalls = markPureCalls;
