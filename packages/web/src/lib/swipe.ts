import { useEffect, useRef } from 'react';

/** Minimum horizontal travel, in CSS pixels, for a touch to count as a swipe. */
export const SWIPE_MIN_PX = 60;

/**
 * Classifies a touch movement: a swipe is long enough and clearly horizontal (at least twice as
 * wide as tall), so vertical scrolling never opens or closes anything.
 */
export function swipeDirection(dx: number, dy: number, minPx = SWIPE_MIN_PX): 'left' | 'right' | undefined {
  if (Math.abs(dx) < minPx || Math.abs(dx) < 2 * Math.abs(dy)) return undefined;
  return dx > 0 ? 'right' : 'left';
}

/** Calls onLeft / onRight on horizontal swipes anywhere in the window while enabled. */
export function useHorizontalSwipe(handlers: { onLeft?: () => void; onRight?: () => void }, enabled = true): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    let start: { x: number; y: number } | undefined;
    const onStart = (e: TouchEvent) => {
      const t = e.touches[0];
      start = e.touches.length === 1 && t !== undefined ? { x: t.clientX, y: t.clientY } : undefined;
    };
    const onEnd = (e: TouchEvent) => {
      const t = e.changedTouches[0];
      if (start === undefined || t === undefined) return;
      const direction = swipeDirection(t.clientX - start.x, t.clientY - start.y);
      start = undefined;
      if (direction === 'left') latest.current.onLeft?.();
      if (direction === 'right') latest.current.onRight?.();
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchend', onEnd);
    };
  }, [enabled]);
}
