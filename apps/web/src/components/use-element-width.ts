import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The content width of the element the returned ref is put on, followed as it resizes; undefined until it is laid out
 * (and where nothing is, as in jsdom), so a caller treats "unknown" as "wide enough".
 */
export function useElementWidth<T extends HTMLElement = HTMLDivElement>(): [(el: T | null) => void, number | undefined] {
  const [width, setWidth] = useState<number | undefined>(undefined);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = (w: number) => setWidth(w > 0 ? Math.floor(w) : undefined);
    observer.current = new ResizeObserver((entries) => measure(entries[0]?.contentRect.width ?? 0));
    observer.current.observe(el);
    measure(el.clientWidth);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width];
}
