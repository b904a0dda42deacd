import { Box, Card, Group, SimpleGrid, Switch } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { BookPerson } from '../../../shared/books';
import { IntervalPicker } from '../../../components/IntervalPicker';
import { CALENDAR_RANGES } from '../../../components/interval';
import { clearedFilter, type FilterState } from './filter';
import { useT } from '../i18n';
import { useFilterLists } from './use-filter-lists';

/** On a phone each list takes a little less than half the row, so the next one peeks in. */
const PHONE_LIST_WIDTH = '44%';

/**
 * The toggle, the interval and the five multi-selects of spec §2, and "Entered by" in a shared book
 * (`people`, issue 34); `actions` sit opposite the toggle.
 */
export function FilterPanel({
  value,
  onChange,
  actions,
  people,
}: {
  value: FilterState;
  onChange: (s: FilterState) => void;
  actions?: ReactNode;
  /** The people of a shared book, whose rows the filter can pick. */
  people?: readonly BookPerson[];
}) {
  const { t } = useT();
  const phone = useMediaQuery('(max-width: 575.98px)');
  const lists = useFilterLists(value, onChange, people);

  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between">
        <Switch
          label={t('filter.toggle')}
          checked={value.enabled}
          onChange={(e) => onChange(clearedFilter(value, e.currentTarget.checked))}
        />
        {actions}
      </Group>
      {value.enabled && (
        <>
          <Group mt="xs">
            <IntervalPicker
              value={value.interval}
              onChange={(interval) => onChange({ ...value, interval })}
              presets={CALENDAR_RANGES}
              compact
            />
          </Group>
          {/*
            Compact (issue 22): each list's choices scroll past three lines. On a phone the five lists
            sit in one row that scrolls sideways (the next list peeks in), so the results start on
            the first screen; wider screens show them in a grid.
          */}
          {phone ? (
            <Box
              mt="xs"
              tabIndex={0}
              role="group"
              aria-label={t('filter.lists')}
              data-filter-lists="row"
              style={{
                display: 'flex',
                gap: 'var(--mantine-spacing-xs)',
                overflowX: 'auto',
                scrollSnapType: 'x mandatory',
              }}
            >
              {lists.map((list) => (
                <Box key={list.key} style={{ flex: `0 0 ${PHONE_LIST_WIDTH}`, minWidth: 0, scrollSnapAlign: 'start' }}>
                  {list}
                </Box>
              ))}
            </Box>
          ) : (
            <SimpleGrid cols={{ base: 2, md: 3, xl: 5 }} spacing="xs" mt="xs" data-filter-lists="grid">
              {lists}
            </SimpleGrid>
          )}
        </>
      )}
    </Card>
  );
}
