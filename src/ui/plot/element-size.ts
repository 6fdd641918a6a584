import { useEffect, useState } from 'react';

/**
 * An element's content size from a ResizeObserver, in whole pixels (undefined until its first
 * report), for the charts we draw ourselves. Returns the ref callback to put on the element and the
 * size; a report of the same size keeps the same object, so nothing renders again.
 */
export function useElementSize<T extends Element>() {
  const [element, setElement] = useState<T | null>(null);
  const [size, setSize] = useState<{ width: number; height: number }>();
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver((entries) => {
      const box = entries.at(-1)?.contentRect;
      if (!box) return;
      const width = Math.floor(box.width);
      const height = Math.floor(box.height);
      setSize((old) =>
        old && old.width === width && old.height === height ? old : { width, height },
      );
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, size] as const;
}
