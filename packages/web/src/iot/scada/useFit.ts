import { useEffect, useRef, useState } from 'react';

/** The scale that fits a `width`-wide canvas into its container (at most 1), following the container's size. */
export function useFit(width: number) {
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(width);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setAvailable(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { box, scale: Math.min(1, Math.max(0.1, available / width)) };
}
