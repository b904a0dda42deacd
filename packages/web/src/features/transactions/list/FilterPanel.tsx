import { Box, Card, Group, SimpleGrid, Switch } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useCategories, useUserCurrencies } from '../../../shared/global-data';
import { IntervalPicker } from '../../../components/IntervalPicker';
import { CALENDAR_RANGES } from '../../../components/interval';
import { TransferList } from '../../../components/TransferList';
import { clearedFilter, type FilterState } from './filter';

/** About three lines of choices; more scroll. */
const LIST_HEIGHT = 76;
/** On a phone each list takes a little less than half the row, so the next one peeks in. */
const PHONE_LIST_WIDTH = '44%';

const DIRECTIONS = [
  { value: true, label: 'Income' },
  { value: false, label: 'Expense' },
];

/** The toggle, the interval and the five multi-selects of spec §2; `actions` sit opposite the toggle. */
export function FilterPanel({
  value,
  onChange,
  actions,
}: {
  value: FilterState;
  onChange: (s: FilterState) => void;
  actions?: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 575.98px)');
  const categories = useCategories().data ?? [];
  const currencies = useUserCurrencies().data ?? [];
  const real = (income: boolean) =>
    categories.filter((c) => c.type === 'real' && c.isIncome === income).map((c) => ({ value: c.id, label: c.name }));
  const loanBusiness = categories
    .filter((c) => c.type === 'loan' || c.type === 'business')
    .map((c) => ({ value: c.id, label: c.name }));

  const lists = [
    <TransferList
      key="Income categories"
      label="Income categories"
      options={real(true)}
      selected={value.incomeCategories}
      onChange={(incomeCategories) => onChange({ ...value, incomeCategories })}
      maxAvailableHeight={LIST_HEIGHT}
    />,
    <TransferList
      key="Expense categories"
      label="Expense categories"
      options={real(false)}
      selected={value.expenseCategories}
      onChange={(expenseCategories) => onChange({ ...value, expenseCategories })}
      maxAvailableHeight={LIST_HEIGHT}
    />,
    <TransferList
      key="Loan / business"
      label="Loan / business"
      options={loanBusiness}
      selected={value.loanBusinessCategories}
      onChange={(loanBusinessCategories) => onChange({ ...value, loanBusinessCategories })}
      maxAvailableHeight={LIST_HEIGHT}
    />,
    <TransferList
      key="Currency"
      label="Currency"
      options={currencies.map((c) => ({ value: c.code, label: c.code }))}
      selected={value.currencies}
      onChange={(selected) => onChange({ ...value, currencies: selected })}
      maxAvailableHeight={LIST_HEIGHT}
    />,
    <TransferList
      key="Direction"
      label="Direction"
      options={DIRECTIONS}
      selected={value.directions}
      onChange={(directions) => onChange({ ...value, directions })}
      maxAvailableHeight={LIST_HEIGHT}
    />,
  ];

  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between">
        <Switch
          label="Filters"
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
              aria-label="Filter lists, scroll sideways for more"
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
