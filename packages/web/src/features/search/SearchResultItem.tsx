import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Category, SearchResult } from '@kassa/contract';
import { ellipsis } from '@kassa/money';
import { formatDate, formatMoney, formatTime } from '../../lib/display-format';
import { t as texts, useT } from './i18n';

/** A closed loan or business category freezes its transactions: the list does not open them either. */
function opens(r: SearchResult, categories: ReadonlyMap<number, Category>): boolean {
  if (r.kind === 'conversion') return true;
  const c = categories.get(r.categoryId);
  return c === undefined || c.type === 'real' || c.type === 'external' || c.isActive;
}

/** A result as the list shows it: title, detail, amount and its color. */
function summary(r: SearchResult, categories: ReadonlyMap<number, Category>) {
  const d = new Date(r.time);
  const when = `${formatDate(d)} ${formatTime(d)}`;
  if (r.kind === 'conversion')
    return {
      title: r.description === '' ? texts('conversion') : r.description,
      detail: when,
      amount: `${formatMoney(r.fromAmount, r.fromCurrency)} → ${formatMoney(r.toAmount, r.toCurrency)}`,
      color: undefined,
    };
  const category = categories.get(r.categoryId)?.name ?? '';
  return {
    title: r.description === '' ? category : r.description,
    detail: r.description === '' ? when : `${when} · ${category}`,
    amount: formatMoney(r.isIncome ? r.amount : -r.amount, r.currency),
    color: r.isIncome ? 'teal' : 'red',
  };
}

/** One result: what it is, when, its amount; a closed category's transaction does not open. */
export function SearchResultItem({
  result: r,
  categories,
  onOpen,
}: {
  result: SearchResult;
  categories: ReadonlyMap<number, Category>;
  onOpen: (result: SearchResult) => void;
}) {
  const { t } = useT();
  const s = summary(r, categories);
  const canOpen = opens(r, categories);
  return (
    <li>
      <UnstyledButton
        data-search-result={r.kind}
        disabled={!canOpen}
        onClick={() => onOpen(r)}
        w="100%"
        p="xs"
        style={{
          borderRadius: 'var(--mantine-radius-sm)',
          border: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" lineClamp={1}>
              {ellipsis(s.title, 80)}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {s.detail}
              {!canOpen && ` · ${t('closed')}`}
            </Text>
          </div>
          <Stack gap={2} align="flex-end">
            <Text size="sm" c={s.color} style={{ whiteSpace: 'nowrap' }}>
              {s.amount}
            </Text>
            {r.kind === 'conversion' && (
              <Badge variant="light" size="xs">
                {t('conversion')}
              </Badge>
            )}
          </Stack>
        </Group>
      </UnstyledButton>
    </li>
  );
}
