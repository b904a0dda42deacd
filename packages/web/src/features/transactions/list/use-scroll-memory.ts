import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const storageKey = (entry: string) => `kassa.list-scroll.${entry}`;

/**
 * Keeps the page's scroll position per history entry (issue 22): after an edit or delete the
 * editor goes back in history, and the list opens where it was once its rows are there (`ready`).
 * Saved on every scroll; the listener goes in a layout effect so a route change removes it before
 * the shorter next page clamps the scroll and reports it.
 */
export function useScrollMemory(ready: boolean): void {
  const { key } = useLocation();
  useLayoutEffect(() => {
    const save = () => sessionStorage.setItem(storageKey(key), String(Math.round(window.scrollY)));
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [key]);
  const restored = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!ready || restored.current === key) return;
    restored.current = key;
    const y = Number(sessionStorage.getItem(storageKey(key)) ?? 0);
    if (y > 0) window.scrollTo(0, y);
  }, [ready, key]);
}
