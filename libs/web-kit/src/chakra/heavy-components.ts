/**
 * Chakra components that carry a state machine or a lot of markup and that the first page (the shell's home)
 * does not show to a visitor: dialogs, menus (the header's user menu is for signed-in users), tabs, checkboxes,
 * radio groups, switches, progress bars, tables, native selects, and alerts (the notices of
 * other pages, with Chakra's status icons).
 * web-kit exports them through ./heavy; in the federated bundles that module is swapped for ./heavy.lazy, which
 * fetches this one (a chunk of the bundle that provides web-kit, so the same Chakra context) on first render.
 *
 * Each comes from its own module in ./with-recipes, which adds the component's recipes to the one Chakra system
 * when it loads, before the component can render. Those modules, this one, ./heavy and web-kit's index are
 * declared free of side effects (build/federation.cjs, treeShakingRules): a tree-shaken page (the standalone FBO
 * page) then carries only the components it uses with only their recipes, and a component that only a lazily
 * loaded part of the page uses (the FBO's decline dialog) travels in that part's chunk with its recipe.
 */
export { Alert } from './with-recipes/alert';
export { Checkbox } from './with-recipes/checkbox';
export { Dialog } from './with-recipes/dialog';
export { Menu } from './with-recipes/menu';
export { NativeSelect } from './with-recipes/native-select';
export { Progress } from './with-recipes/progress';
export { RadioGroup } from './with-recipes/radio-group';
export { Switch } from './with-recipes/switch';
export { Table } from './with-recipes/table';
export { Tabs } from './with-recipes/tabs';
