// `react-dom/client` on the standalone page only (webpack.standalone.config.js aliases it here; the remote in the
// shell uses React's own). Preact's createRoot, with one difference from Preact's defaults taken away:
//
// Preact runs effects (useEffect) after the next animation frame; React runs them right after the render that a
// click or a key caused. Ark UI's dialogs and popovers rely on React's timing: they mount their portal in an effect
// and, in the next animation frame, look for their title (the dialog's accessible name) and move focus inside. With
// Preact's timing that frame came first: the 'Decline this request' dialog had no name and focus stayed on the
// button behind it. Running effects in a microtask after each render restores React's order.
import { options } from 'preact';

options.requestAnimationFrame = (flushEffects) => queueMicrotask(flushEffects);

export { createRoot, hydrateRoot } from 'preact/compat/client';
