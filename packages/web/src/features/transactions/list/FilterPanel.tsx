import { Card, Group, SimpleGrid, Switch } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCategories, useUserCurrencies } from '../../../shared/global-data';
import { IntervalPicker } from '../../../components/IntervalPicker';
import { CALENDAR_RANGES } from '../../../components/interval';
import { TransferList } from '../../../components/TransferList';
import { clearedFilter, type FilterState } from './filter';

/** About three lines of choices; more scroll. */
const LIST_HEIGHT = 76;

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
  const categories = useCategories().data ?? [];
  const currencies = useUserCurrencies().data ?? [];
  const real = (income: boolean) =>
    categories.filter((c) => c.type === 'real' && c.isIncome === income).map((c) => ({ value: c.id, label: c.name }));
  const loanBusiness = categories
    .filter((c) => c.type === 'loan' || c.type === 'business')
    .map((c) => ({ value: c.id, label: c.name }));

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
          {/* Compact (issue 22): two lists a row on a phone, each list's choices scroll past three lines. */}
          <SimpleGrid cols={{ base: 2, md: 3, xl: 5 }} spacing="xs" mt="xs">
            <TransferList
              label="Income categories"
              options={real(true)}
              selected={value.incomeCategories}
              onChange={(incomeCategories) => onChange({ ...value, incomeCategories })}
              maxAvailableHeight={LIST_HEIGHT}
            />
            <TransferList
              label="Expense categories"
              options={real(false)}
              selected={value.expenseCategories}
              onChange={(expenseCategories) => onChange({ ...value, expenseCategories })}
              maxAvailableHeight={LIST_HEIGHT}
            />
            <TransferList
              label="Loan / business"
              options={loanBusiness}
              selected={value.loanBusinessCategories}
              onChange={(loanBusinessCategories) => onChange({ ...value, loanBusinessCategories })}
              maxAvailableHeight={LIST_HEIGHT}
            />
            <TransferList
              label="Currency"
              options={currencies.map((c) => ({ value: c.code, label: c.code }))}
              selected={value.currencies}
              onChange={(selected) => onChange({ ...value, currencies: selected })}
              maxAvailableHeight={LIST_HEIGHT}
            />
            <TransferList
              label="Direction"
              options={DIRECTIONS}
              selected={value.directions}
              onChange={(directions) => onChange({ ...value, directions })}
              maxAvailableHeight={LIST_HEIGHT}
            />
          </SimpleGrid>
        </>
      )}
    </Card>
  );
}
