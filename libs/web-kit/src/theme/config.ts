import { defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * The config of RampQuote's slim Chakra system (system.ts; ARCHITECTURE section 5, Chakra's "Bundle Optimization"
 * guide): the base config, the default tokens, and ONLY the recipes RampQuote uses. Add a recipe here when a bundle starts
 * using a component that needs one. The recipes of the lazily loaded components (the heavy ones, the toaster)
 * are added by their own chunks (chakra/with-recipes/*.ts, toast/toast-recipe.ts: theme/add-recipes.ts).
 *
 * The look is dark ("night ramp"): navy backgrounds, near-white text, an amber brand colour (runway lights).
 * Every text colour below keeps at least 4.5:1 contrast on the backgrounds it is used on (WCAG AA):
 * fg #E8EEF8 on bg #070D18 ≈ 16.9:1; fg.muted #A9B8CE on bg.panel #0E192C ≈ 9:1;
 * brand.contrast #070D18 on brand.solid #FBB626 ≈ 10.8:1; brand.fg #FFC94D on #070D18 ≈ 12:1.
 */
/** The colour palettes no bundle uses (`colorPalette`, `{palette}.fg`): left out, their CSS variables with them. */
const UNUSED_PALETTES = new Set(['teal', 'cyan', 'purple', 'pink']);

function withoutUnusedPalettes<T extends object>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;
}

/**
 * RampQuote is dark-only (WebKitProvider puts `.dark` on <html>): each semantic token keeps its `_dark` value alone,
 * so the system writes one set of CSS variables instead of a light set and a `.dark` set over it. Building those
 * variables is most of `createSystem`'s start-up work on every page.
 */
function darkOnly<T>(tokens: T): T {
  if (!tokens || typeof tokens !== 'object' || Array.isArray(tokens)) return tokens;
  const { value } = tokens as { value?: unknown };
  if (value && typeof value === 'object' && '_dark' in value)
    return { ...tokens, value: (value as { _dark: unknown })._dark } as T;
  return Object.fromEntries(Object.entries(tokens).map(([key, nested]) => [key, darkOnly(nested)])) as T;
}

export const theme = defineConfig({
  cssVarsPrefix,
  cssVarsRoot,
  preflight: true,
  globalCss: {
    ...globalCss,
    html: { ...globalCss.html, colorPalette: 'brand', colorScheme: 'dark' },
    body: { minHeight: '100vh' },
  },
  theme: {
    breakpoints,
    keyframes,
    textStyles,
    layerStyles,
    animationStyles,
    tokens: {
      ...tokens,
      colors: {
        ...withoutUnusedPalettes(tokens.colors),
        brand: {
          50: { value: '#FFF8E6' },
          100: { value: '#FFECBF' },
          200: { value: '#FFDC8A' },
          300: { value: '#FFC94D' },
          400: { value: '#FBB626' },
          500: { value: '#F0A30A' },
          600: { value: '#C98404' },
          700: { value: '#9C6505' },
          800: { value: '#6F4807' },
          900: { value: '#452D06' },
          950: { value: '#2A1B03' },
        },
        navy: {
          50: { value: '#E8EEF8' },
          100: { value: '#CBD6E6' },
          200: { value: '#A9B8CE' },
          300: { value: '#8496B2' },
          400: { value: '#5F7396' },
          500: { value: '#44597D' },
          600: { value: '#2E4263' },
          700: { value: '#1F3150' },
          800: { value: '#15233D' },
          900: { value: '#0E192C' },
          950: { value: '#070D18' },
        },
      },
    },
    semanticTokens: darkOnly({
      ...semanticTokens,
      colors: {
        ...withoutUnusedPalettes(semanticTokens.colors),
        bg: {
          DEFAULT: { value: { _light: '{colors.white}', _dark: '{colors.navy.950}' } },
          subtle: { value: { _light: '{colors.gray.50}', _dark: '{colors.navy.900}' } },
          muted: { value: { _light: '{colors.gray.100}', _dark: '{colors.navy.800}' } },
          emphasized: { value: { _light: '{colors.gray.200}', _dark: '{colors.navy.700}' } },
          inverted: { value: { _light: '{colors.black}', _dark: '{colors.navy.50}' } },
          panel: { value: { _light: '{colors.white}', _dark: '{colors.navy.900}' } },
          error: { value: { _light: '{colors.red.50}', _dark: '#3A0D10' } },
          warning: { value: { _light: '{colors.orange.50}', _dark: '{colors.orange.950}' } },
          success: { value: { _light: '{colors.green.50}', _dark: '{colors.green.950}' } },
          info: { value: { _light: '{colors.blue.50}', _dark: '{colors.blue.950}' } },
        },
        fg: {
          DEFAULT: { value: { _light: '{colors.black}', _dark: '{colors.navy.50}' } },
          muted: { value: { _light: '{colors.gray.600}', _dark: '{colors.navy.200}' } },
          subtle: { value: { _light: '{colors.gray.500}', _dark: '{colors.navy.300}' } },
          inverted: { value: { _light: '{colors.gray.50}', _dark: '{colors.navy.950}' } },
          error: { value: { _light: '{colors.red.600}', _dark: '#FF8A8A' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
          info: { value: { _light: '{colors.blue.700}', _dark: '{colors.blue.300}' } },
        },
        border: {
          DEFAULT: { value: { _light: '{colors.gray.200}', _dark: '{colors.navy.700}' } },
          muted: { value: { _light: '{colors.gray.100}', _dark: '{colors.navy.800}' } },
          subtle: { value: { _light: '{colors.gray.50}', _dark: '{colors.navy.900}' } },
          emphasized: { value: { _light: '{colors.gray.300}', _dark: '{colors.navy.500}' } },
          inverted: { value: { _light: '{colors.gray.800}', _dark: '{colors.navy.100}' } },
          error: { value: { _light: '{colors.red.500}', _dark: '#FF8A8A' } },
          warning: { value: { _light: '{colors.orange.500}', _dark: '{colors.orange.400}' } },
          success: { value: { _light: '{colors.green.500}', _dark: '{colors.green.400}' } },
          info: { value: { _light: '{colors.blue.500}', _dark: '{colors.blue.400}' } },
        },
        brand: {
          contrast: { value: { _light: '{colors.navy.950}', _dark: '{colors.navy.950}' } },
          fg: { value: { _light: '{colors.brand.800}', _dark: '{colors.brand.300}' } },
          subtle: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.950}' } },
          muted: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.900}' } },
          emphasized: { value: { _light: '{colors.brand.300}', _dark: '{colors.brand.800}' } },
          solid: { value: { _light: '{colors.brand.400}', _dark: '{colors.brand.400}' } },
          focusRing: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.300}' } },
          border: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
        },
      },
    }),
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      field: fieldSlotRecipe,
    },
  },
});
