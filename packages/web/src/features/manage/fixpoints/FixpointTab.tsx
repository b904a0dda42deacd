import { Anchor, Card, Group, Loader, Table, Text, Title } from '@mantine/core';
import { formatDate, formatTime } from '@kassa/money';
import { Link, useNavigate } from 'react-router';
import { useAllFixpoints } from '../api';
import { ClickableRow } from '../ClickableRow';

/** manage/fixpoint: every fixpoint, newest first; a row opens private/edit-fixpoint/{id}. */
export function FixpointTab() {
  const navigate = useNavigate();
  const query = useAllFixpoints();
  const fixpoints = [...(query.data ?? [])].sort((a, b) => Date.parse(b.time) - Date.parse(a.time) || b.id - a.id);
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4">
          Fixpoints
        </Title>
        <Anchor component={Link} to="/private/operations/fixpoint" size="sm">
          Set a fixpoint
        </Anchor>
      </Group>
      {query.isPending ? (
        <Loader size="sm" aria-label="Loading" />
      ) : (
        <Table highlightOnHover aria-label="Fixpoints" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Time</Table.Th>
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
            {fixpoints.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={2}>
                  <Text size="sm" c="dimmed">
                    No fixpoints yet
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
