import { system } from '../theme/system';
import { preloadHeavyComponents } from './heavy.lazy';

const SLOT_RECIPES = [
  'alert',
  'checkbox',
  'dialog',
  'menu',
  'nativeSelect',
  'progress',
  'radioGroup',
  'switch',
  'table',
  'tabs',
];

it('the heavy components bring their recipes with their chunk: not in the first page, in the system before they render', async () => {
  for (const key of SLOT_RECIPES) expect(system.isSlotRecipe(key)).toBe(false);
  expect(system.isRecipe('checkmark')).toBe(false);
  // The first page's recipes stay in the system from the start.
  for (const key of ['card', 'field']) expect(system.isSlotRecipe(key)).toBe(true);

  await preloadHeavyComponents();
  for (const key of SLOT_RECIPES) expect(system.isSlotRecipe(key)).toBe(true);
  expect(system.isRecipe('checkmark')).toBe(true);
  expect(system.isRecipe('radiomark')).toBe(true);
  // The recipe a dialog renders with is Chakra's (classes come from it, not an empty fallback).
  expect(system.getSlotRecipeFn('dialog').classNameMap.content).toBe('chakra-dialog__content');
});
