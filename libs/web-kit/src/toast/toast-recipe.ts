import { defineSlotRecipe } from '@chakra-ui/react';
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../theme/add-recipes';

/**
 * Toasts on the dark panel with a coloured edge and icon (Chakra's default solid green/red toasts put white text
 * on mid-tone backgrounds, about 3:1 — below AA).
 */
const accent = (token: string) => ({ borderInlineStartColor: token, '--toast-accent': `colors.${token}` });
const toastRecipe = defineSlotRecipe({
  ...toastSlotRecipe,
  base: {
    ...toastSlotRecipe.base,
    root: {
      ...toastSlotRecipe.base?.root,
      bg: 'bg.panel',
      color: 'fg',
      borderWidth: '1px',
      borderColor: 'border.emphasized',
      borderInlineStartWidth: '4px',
      ...accent('brand.solid'),
      '&[data-type=warning]': accent('fg.warning'),
      '&[data-type=success]': accent('fg.success'),
      '&[data-type=error]': accent('fg.error'),
    },
    description: { ...toastSlotRecipe.base?.description, opacity: 1, color: 'fg.muted' },
    indicator: { ...toastSlotRecipe.base?.indicator, color: 'var(--toast-accent)' },
  },
});

/** Adds the toast recipe to the one Chakra system (with the toaster's chunk, before it renders). */
export function addToastRecipe(): void {
  addRecipes({ slotRecipes: { toast: toastRecipe } });
}
