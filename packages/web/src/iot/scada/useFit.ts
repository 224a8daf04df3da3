import { useLayoutEffect, useRef, useState } from 'react';

/** The scale that fits a `width`-wide canvas into its container (at most 1), following the container's size. */
export function useFit(width: number) {
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(width);
  // Measured before the first paint: the canvas is drawn once at its size, not first at full size
  // and again when the observer reports (a 2,000-component screen drawn twice, decision 0153).
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setAvailable(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setAvailable(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { box, scale: Math.min(1, Math.max(0.1, available / width)) };
}
