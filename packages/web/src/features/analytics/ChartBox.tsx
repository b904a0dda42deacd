import { useEffect, useRef, useState, type ReactNode } from 'react';
import { RESIZE_THROTTLE_MS } from './chart-format';

interface Props {
  height: number;
  /** The chart, drawn into a box of exactly this width. */
  children: ReactNode;
}

/**
 * Holds a chart at a fixed pixel width that follows the available width at most every 100 ms
 * (spec §9). Mantine's charts size themselves with recharts' ResponsiveContainer, which would
 * redraw on every resize event and takes no throttle through Mantine's props; giving it a box
 * that only changes on the throttled measurement has the same effect.
 */
export function ChartBox({ height, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const el = ref.current;
    if (el === null) return;
    let last = 0;
    let timer: number | undefined;
    const measure = () => {
      last = Date.now();
      setWidth(Math.floor(el.clientWidth));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const wait = RESIZE_THROTTLE_MS - (Date.now() - last);
      if (wait <= 0) measure();
      else
        timer ??= window.setTimeout(() => {
          timer = undefined;
          measure();
        }, wait);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, []);

  return (
    <div ref={ref} style={{ width: '100%', height, overflow: 'hidden' }}>
      {width > 0 && <div style={{ width, height }}>{children}</div>}
    </div>
  );
}
