// A page's entry (shell, standalone pages) imports this before any shared module: it imports nothing itself.

/** Resolves in a task of its own: the browser may paint and answer a tap before what follows runs. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * For a page that arrives painted (a prerendered first view): runs each step, a module import, once that view is on
 * screen and in a task of its own. A page's start-up is then several short tasks instead of one long one, so a tap on
 * the first view is answered between them (Lighthouse's Total Blocking Time).
 */
export async function startAfterPaint(steps: ReadonlyArray<() => Promise<unknown>>): Promise<void> {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  for (const step of steps) {
    await nextTask();
    await step();
  }
}
