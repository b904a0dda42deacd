import { Scroller, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
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

/** Tabs whose selection is the last URL segment; on a narrow phone the tab list scrolls sideways. */
export function RouteTabs({ base, tabs, value, children }: Props) {
  const navigate = useNavigate();
  return (
    <Tabs value={value} onChange={(v) => v !== null && void navigate(`${base}/${v}`)}>
      <Scroller mb="md">
        <Tabs.List style={{ flexWrap: 'nowrap' }}>
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
