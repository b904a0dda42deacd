import { Anchor, Button, Group, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/display-format';
import { useExportCsv } from '../api';
import { toExportQuery, type FilterState } from './filter';
import { shownText, type ListRow } from './rows';

/** Beside the filter's toggle: Import (not for a viewer), and Export CSV of what the filter selects. */
export function ListActions({ filterState, canImport }: { filterState: FilterState; canImport: boolean }) {
  const exportCsv = useExportCsv();
  return (
    <Group gap="xs">
      {canImport && (
        <Button component={Link} to="/private/import" variant="default" size="xs">
          Import
        </Button>
      )}
      <Button
        variant="default"
        size="xs"
        onClick={() => exportCsv.mutate(toExportQuery(filterState))}
        loading={exportCsv.isPending}
      >
        Export CSV
      </Button>
    </Group>
  );
}

/** In the bulk bar: that every matching transaction is selected, or the offer to select them all. */
export function SelectAllLine({
  allMatching,
  count,
  narrowed,
  allShown,
  onSelectAll,
  collecting,
}: {
  /** Every transaction matching the filter is selected. */
  allMatching: boolean;
  /** How many are selected. */
  count: number;
  /** The filter narrows the list. */
  narrowed: boolean;
  /** How many shown are selected, all of them, when more load on request; none otherwise. */
  allShown: number | undefined;
  onSelectAll: () => void;
  collecting: boolean;
}) {
  if (allMatching)
    return (
      <Text size="xs" c="dimmed" mt={4} data-select-all>
        All {formatCount(count)} transactions{narrowed ? ' matching the filter' : ''} are selected.
      </Text>
    );
  if (allShown === undefined) return null;
  return (
    <Text size="xs" c="dimmed" mt={4} data-select-all>
      All {allShown} shown are selected.{' '}
      <Anchor component="button" type="button" size="xs" onClick={onSelectAll}>
        {narrowed ? 'Select all matching the filter' : 'Select all transactions'}
      </Anchor>
      {collecting && <Loader size={12} ml="xs" role="status" aria-label="Collecting" />}
    </Text>
  );
}

/** Under the rows: the legend of italic rows (when any shows) and the count of what is shown. */
export function ListFooter({
  rows,
  anyBeforeFix,
  more,
}: {
  rows: readonly ListRow[];
  anyBeforeFix: boolean;
  more: boolean;
}) {
  return (
    <>
      {anyBeforeFix && (
        <Text size="xs" c="dimmed" mt="xs" data-legend>
          <Text span fs="italic" inherit>
            Italic rows
          </Text>{' '}
          are dated before the last fixpoint: their balances are already settled by it.
        </Text>
      )}
      <Text size="xs" c="dimmed" ta="center" mt="xs" data-shown>
        {shownText(rows)}
        {more ? '; older ones load on request' : ''}
      </Text>
    </>
  );
}
