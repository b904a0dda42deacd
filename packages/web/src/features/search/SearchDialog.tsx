import { Badge, Button, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { Category, SearchResult } from '@kassa/contract';
import { ellipsis, formatDate, formatMoney, formatTime } from '@kassa/money';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCategories } from '../../shared/global-data';
import { useSearchPages } from './api';

interface Props {
  opened: boolean;
  onClose: () => void;
}

/** Where a result leads, as in the transaction list: the transaction or the conversion editor. */
export function resultPath(r: SearchResult): string {
  return r.kind === 'conversion' ? `/private/edit-conversion/${r.id}` : `/private/edit-transaction/${r.id}`;
}

/** A closed loan or business category freezes its transactions: the list does not open them either. */
function opens(r: SearchResult, categories: ReadonlyMap<number, Category>): boolean {
  if (r.kind === 'conversion') return true;
  const c = categories.get(r.categoryId);
  return c === undefined || c.type === 'real' || c.type === 'external' || c.isActive;
}

function summary(r: SearchResult, categories: ReadonlyMap<number, Category>) {
  const d = new Date(r.time);
  const when = `${formatDate(d)} ${formatTime(d)}`;
  if (r.kind === 'conversion')
    return {
      title: r.description === '' ? 'Conversion' : r.description,
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

const HINT =
  'Words of the description or category, amounts (12.50, >100, 100..200), currency codes (EUR), years (2024) and months (march).';

/** The search: one box, results newest first, "Load more" for older ones; Esc closes. */
export function SearchDialog({ opened, onClose }: Props) {
  const phone = useMediaQuery('(max-width: 575.98px)');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const pages = useSearchPages(q);
  const categoriesQuery = useCategories();
  const categories = useMemo(() => new Map((categoriesQuery.data ?? []).map((c) => [c.id, c])), [categoriesQuery.data]);
  const navigate = useNavigate();
  const rows = pages.data?.pages.flat() ?? [];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Search"
      size="lg"
      fullScreen={phone}
      yOffset="8vh"
      aria-describedby="search-hint"
      closeButtonProps={{ 'aria-label': 'Close search' }}
    >
      <Stack gap="sm">
        <TextInput
          data-autofocus
          aria-label="Search transactions and conversions"
          placeholder="coffee, 12.50, >100 eur, march 2024"
          leftSection={<IconSearch size={16} stroke={1.5} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={200}
        />
        <Text id="search-hint" size="xs" c="dimmed">
          {HINT}
        </Text>
        {q !== '' && pages.isPending && (
          <Group justify="center">
            <Loader size="sm" aria-label="Searching" />
          </Group>
        )}
        {pages.isError && (
          <Text size="sm" c="red" role="alert">
            The search failed; try again.
          </Text>
        )}
        {q !== '' && pages.isSuccess && rows.length === 0 && (
          <Text size="sm" c="dimmed" role="status">
            Nothing found for “{q}”.
          </Text>
        )}
        {rows.length > 0 && (
          <Stack gap={4} component="ul" aria-label="Search results" m={0} p={0} style={{ listStyle: 'none' }}>
            {rows.map((r) => {
              const s = summary(r, categories);
              const canOpen = opens(r, categories);
              return (
                <li key={`${r.kind}-${r.id}`}>
                  <UnstyledButton
                    data-search-result={r.kind}
                    disabled={!canOpen}
                    onClick={() => {
                      onClose();
                      void navigate(resultPath(r));
                    }}
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
                          {!canOpen && ' · closed'}
                        </Text>
                      </div>
                      <Stack gap={2} align="flex-end">
                        <Text size="sm" c={s.color} style={{ whiteSpace: 'nowrap' }}>
                          {s.amount}
                        </Text>
                        {r.kind === 'conversion' && (
                          <Badge variant="light" size="xs">
                            Conversion
                          </Badge>
                        )}
                      </Stack>
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
        )}
        {pages.hasNextPage && (
          <Button variant="default" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
            Load more
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
