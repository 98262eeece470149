// A page's entry (shell, standalone pages) imports this before any shared module: it imports nothing itself.

/** Resolves in a task of its own: the browser may paint and answer a tap before what follows runs. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs each step (a module import) in a task of its own, one after the other. A page's start-up is then several short
 * tasks instead of one long one, so a tap is answered between them (Lighthouse's Total Blocking Time).
 */
export async function startInTasks(steps: ReadonlyArray<() => Promise<unknown>>): Promise<void> {
  for (const step of steps) {
    await nextTask();
    await step();
  }
}

/** The same for a page that arrives painted (a prerendered first view): the steps start once that view is on screen. */
export async function startAfterPaint(steps: ReadonlyArray<() => Promise<unknown>>): Promise<void> {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await startInTasks(steps);
}
