import { Scroller, Tabs } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

interface Props {
  /** The route the tab segment is appended to, e.g. '/private/manage'. */
  base: string;
  tabs: readonly { value: string; label: string }[];
  /** The current tab (the URL's segment). */
  value: string;
  /** The current tab's content. */
  children: ReactNode;
}

/** Scrolls the tab list's sideways scroller (the nearest of a few ancestors that overflows) so the selected tab shows. */
function revealSelected(list: HTMLElement | null): void {
  const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]');
  let box = list?.parentElement ?? null;
  for (let up = 0; box !== null && up < 3 && box.scrollWidth <= box.clientWidth; up++) box = box.parentElement;
  if (tab === null || tab === undefined || box === null || box.scrollWidth <= box.clientWidth) return;
  const shown = box.getBoundingClientRect();
  const at = tab.getBoundingClientRect();
  if (at.right > shown.right) box.scrollLeft += at.right - shown.right;
  else if (at.left < shown.left) box.scrollLeft -= shown.left - at.left;
}

/**
 * Tabs whose selection is the last URL segment; on a narrow phone the tab list scrolls sideways,
 * brought round to the selected tab (one opened by its URL may lie past the edge).
 */
export function RouteTabs({ base, tabs, value, children }: Props) {
  const navigate = useNavigate();
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => revealSelected(list.current), [value]);
  return (
    <Tabs value={value} onChange={(v) => v !== null && void navigate(`${base}/${v}`)}>
      <Scroller mb="md">
        <Tabs.List ref={list} style={{ flexWrap: 'nowrap' }}>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Scroller>
      <Tabs.Panel value={value}>{children}</Tabs.Panel>
    </Tabs>
  );
}
