import { useEffect, useState } from 'react';

/**
 * How many parts of a large view to show: one more per task, from 1 up to `parts`, counted from
 * the view's mount. A recharts chart mounted at once is one long task (every part registers with
 * the chart's store and every selector runs again), and so were the arena's results (a table, a
 * grid of probes × strategies, four charts of a line per strategy); shown part by part, each part
 * is its own task and the page answers in between. Parts not shown yet keep their place.
 */
export function useStaged(parts: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= parts) return;
    const timer = setTimeout(() => setShown((n) => n + 1), 0);
    return () => clearTimeout(timer);
  }, [shown, parts]);
  return Math.min(shown, parts);
}
