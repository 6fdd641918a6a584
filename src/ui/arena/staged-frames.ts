import { useEffect, useState } from 'react';

/**
 * How many parts of the arena's results to show: one more per animation frame, from 1 up to
 * `parts`, counted from the mount. A frame apart rather than a task apart (a timer, as the charts
 * were staged before): each chart (LineFigure, ScatterFigure, BarsFigure) draws only when its
 * ResizeObserver (useElementSize) reports a size, in the next frame's rendering; parts shown a task
 * apart all mounted before that frame, so every chart drew in the same one (when they were recharts
 * charts, two of them alone were a task of about 90 ms). A frame apart, each draws in a frame of its
 * own.
 */
export function useStagedByFrame(parts: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= parts) return;
    const frame = requestAnimationFrame(() => setShown((n) => n + 1));
    return () => cancelAnimationFrame(frame);
  }, [shown, parts]);
  return Math.min(shown, parts);
}
