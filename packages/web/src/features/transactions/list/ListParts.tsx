import { Anchor, Button, Group, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Trans } from '../../../i18n/Trans';
import { formatCount } from '../../../lib/display-format';
import { useExportCsv } from '../api';
import { useT } from '../i18n';
import { toExportQuery, type FilterState } from './filter';
import { shownText, type ListRow } from './rows';

/** Beside the filter's toggle: Import (not for a viewer), and Export CSV of what the filter selects. */
export function ListActions({ filterState, canImport }: { filterState: FilterState; canImport: boolean }) {
  const { t } = useT();
  const exportCsv = useExportCsv();
  return (
    <Group gap="xs">
      {canImport && (
        <Button component={Link} to="/private/import" variant="default" size="xs">
          {t('list.import')}
        </Button>
      )}
      <Button
        variant="default"
        size="xs"
        onClick={() => exportCsv.mutate(toExportQuery(filterState))}
        loading={exportCsv.isPending}
      >
        {t('list.exportCsv')}
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
  const { t } = useT();
  if (allMatching)
    return (
      <Text size="xs" c="dimmed" mt={4} data-select-all>
        {t(narrowed ? 'bulk.allSelectedFiltered' : 'bulk.allSelected', { total: formatCount(count) })}
      </Text>
    );
  if (allShown === undefined) return null;
  return (
    <Text size="xs" c="dimmed" mt={4} data-select-all>
      {t('bulk.allShown', { shown: allShown })}{' '}
      <Anchor component="button" type="button" size="xs" onClick={onSelectAll}>
        {narrowed ? t('bulk.selectAllFiltered') : t('bulk.selectAll')}
      </Anchor>
      {collecting && <Loader size={12} ml="xs" role="status" aria-label={t('bulk.collecting')} />}
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
  const { t } = useT();
  return (
    <>
      {anyBeforeFix && (
        <Text size="xs" c="dimmed" mt="xs" data-legend>
          <Trans t={t} i18nKey="list.italicRows" components={{ i: <Text span fs="italic" inherit /> }} />
        </Text>
      )}
      <Text size="xs" c="dimmed" ta="center" mt="xs" data-shown>
        {shownText(rows)}
        {more ? t('list.more') : ''}
      </Text>
    </>
  );
}
