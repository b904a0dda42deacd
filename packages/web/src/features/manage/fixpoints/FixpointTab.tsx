import { Anchor, Button, Card, Center, Loader, Skeleton, Stack, Table } from '@mantine/core';
import { formatDate, formatTime } from '../../../lib/display-format';
import { Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { FixpointDriftCard } from '../../analytics';
import { useAllFixpoints } from '../api';
import { ClickableRow } from '../ClickableRow';
import { EmptyRow } from '../EmptyRow';
import { useT } from '../i18n';
import { ListHeader } from '../ListHeader';

/**
 * manage/fixpoint: every fixpoint, newest first, 100 at a time; a row opens private/edit-fixpoint/{id}.
 * Below the list, the drift of the fixpoints' errors (issue 21), loaded with its chart code when shown.
 */
export function FixpointTab() {
  return (
    <Stack gap="md">
      <FixpointList />
      <Suspense fallback={<Skeleton h={300} />}>
        <FixpointDriftCard />
      </Suspense>
    </Stack>
  );
}

function FixpointList() {
  const { t } = useT();
  const navigate = useNavigate();
  const query = useAllFixpoints();
  const fixpoints = [...(query.data?.pages.flat() ?? [])].sort(
    (a, b) => Date.parse(b.time) - Date.parse(a.time) || b.id - a.id,
  );
  return (
    <Card withBorder radius="md" padding="md">
      <ListHeader title={t('fixpoint.title')}>
        <Anchor component={Link} to="/private/operations/fixpoint" size="sm">
          {t('fixpoint.set')}
        </Anchor>
      </ListHeader>
      {query.isPending ? (
        <Loader size="sm" role="status" aria-label={t('loading')} />
      ) : (
        <Table highlightOnHover aria-label={t('fixpoint.title')} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fixpoint.date')}</Table.Th>
              <Table.Th>{t('fixpoint.time')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fixpoints.map((f) => {
              const at = new Date(f.time);
              return (
                <ClickableRow key={f.id} onOpen={() => void navigate(`/private/edit-fixpoint/${f.id}`)}>
                  <Table.Td>{formatDate(at)}</Table.Td>
                  <Table.Td>{formatTime(at)}</Table.Td>
                </ClickableRow>
              );
            })}
            {fixpoints.length === 0 && <EmptyRow colSpan={2}>{t('fixpoint.none')}</EmptyRow>}
          </Table.Tbody>
        </Table>
      )}
      {query.hasNextPage && (
        <Center mt="md">
          <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('fixpoint.loadMore')}
          </Button>
        </Center>
      )}
    </Card>
  );
}
