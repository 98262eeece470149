import { useEffect, useState, type ReactNode } from 'react';

/**
 * Builds a long page a part at a time: `children(shown)` is rendered with the first `first` parts at once, then with
 * one part more per task, so no single task builds (and blocks a phone's main thread for) the whole page. The parts
 * are meant to be elements made once by the caller: those already shown are not rendered again.
 */
export function InTurns({
  count,
  first = 1,
  children,
}: {
  count: number;
  first?: number;
  children: (shown: number) => ReactNode;
}) {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= count) return;
    const timer = setTimeout(() => setShown((n) => n + 1), 0);
    return () => clearTimeout(timer);
  }, [shown, count]);
  return children(shown);
}
