import { useEffect, type RefObject } from 'react';

/** Spec §9: the add panel is scrolled into view 200 ms after it opens (its content has rendered by then). */
export const ADD_PANEL_SCROLL_MS = 200;

/** While `open`, scrolls the element into view once, ADD_PANEL_SCROLL_MS after it opened. */
export function useScrollIntoViewWhenOpen(open: unknown, ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (open === false || open === null || open === undefined) return;
    const timer = setTimeout(() => {
      ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, ADD_PANEL_SCROLL_MS);
    return () => clearTimeout(timer);
  }, [open, ref]);
}

/** While `open`, scrolls the page to its bottom ADD_PANEL_SCROLL_MS after it opened (spec §2, loan and business lists). */
export function useScrollToBottomWhenOpen(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' });
    }, ADD_PANEL_SCROLL_MS);
    return () => clearTimeout(timer);
  }, [open]);
}
