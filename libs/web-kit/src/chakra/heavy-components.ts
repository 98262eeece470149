import { addHeavyRecipes } from './heavy-recipes';

/**
 * Chakra components that carry a state machine or a lot of markup and that the first page (the shell's home)
 * does not show to a visitor: dialogs, menus (the header's user menu is for signed-in users), tabs, checkboxes,
 * radio groups, switches, progress bars, tables, native selects, and alerts (the notices of
 * other pages, with Chakra's status icons).
 * web-kit exports them through ./heavy; in the federated bundles that module is swapped for ./heavy.lazy, which
 * fetches this one (a chunk of the bundle that provides web-kit, so the same Chakra context) on first render.
 * Their recipes come with them: added to the one Chakra system before any of them renders.
 */
addHeavyRecipes();

export { Alert, Checkbox, Dialog, Menu, NativeSelect, Progress, RadioGroup, Switch, Table, Tabs } from '@chakra-ui/react';
