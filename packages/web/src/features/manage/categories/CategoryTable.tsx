import { Card, Table } from '@mantine/core';
import type { Category } from '@kassa/contract';
import { IconCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ClickableRow } from '../ClickableRow';
import { EmptyRow } from '../EmptyRow';
import { AddNewButton, ListHeader } from '../ListHeader';

interface Props {
  title: string;
  categories: readonly Category[];
  /** Absent for lists users can not add to (the built-in external categories). */
  onAdd?: () => void;
}

const Mark = ({ on, label }: { on: boolean; label: string }) =>
  on ? <IconCheck size={16} aria-label={label} role="img" style={{ display: 'block', margin: '0 auto' }} /> : null;

/** A card of real (or external) categories: Name, Inactive, System; a row opens the editor (spec §2). */
export function CategoryTable({ title, categories, onAdd }: Props) {
  const navigate = useNavigate();
  return (
    <Card withBorder radius="md" padding="md">
      <ListHeader title={title}>{onAdd !== undefined && <AddNewButton onClick={onAdd} />}</ListHeader>
      <Table highlightOnHover aria-label={title} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th w={80} ta="center">
              Inactive
            </Table.Th>
            <Table.Th w={80} ta="center">
              System
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {categories.map((c) => (
            <ClickableRow key={c.id} onOpen={() => void navigate(`/private/edit-category/${c.id}`)}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.name}</Table.Td>
              <Table.Td ta="center">
                <Mark on={!c.isActive} label="Inactive" />
              </Table.Td>
              <Table.Td ta="center">
                <Mark on={c.isBuiltIn} label="System" />
              </Table.Td>
            </ClickableRow>
          ))}
          {categories.length === 0 && <EmptyRow colSpan={3}>No categories yet</EmptyRow>}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
