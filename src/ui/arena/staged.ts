import { useEffect, useState } from 'react';

/**
 * How many parts of a large view to show: one more per task, from 1 up to `parts`. The arena's
 * results (a table, a grid of probes × strategies, four charts of a line per strategy) mounted at
 * once were one task of several hundred milliseconds; shown part by part, each is its own task and
 * the page answers in between. Parts that are not shown yet keep their place (see ResultsCharts).
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
