import { Card, Table } from '@mantine/core';
import type { Category } from '@kassa/contract';
import { IconCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ClickableRow } from '../ClickableRow';
import { EmptyRow } from '../EmptyRow';
import { useT } from '../i18n';
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
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <Card withBorder radius="md" padding="md">
      <ListHeader title={title}>{onAdd !== undefined && <AddNewButton onClick={onAdd} />}</ListHeader>
      <Table highlightOnHover aria-label={title} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('name')}</Table.Th>
            <Table.Th w={80} ta="center">
              {t('category.inactive')}
            </Table.Th>
            <Table.Th w={80} ta="center">
              {t('category.system')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {categories.map((c) => (
            <ClickableRow key={c.id} onOpen={() => void navigate(`/private/edit-category/${c.id}`)}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.name}</Table.Td>
              <Table.Td ta="center">
                <Mark on={!c.isActive} label={t('category.inactive')} />
              </Table.Td>
              <Table.Td ta="center">
                <Mark on={c.isBuiltIn} label={t('category.system')} />
              </Table.Td>
            </ClickableRow>
          ))}
          {categories.length === 0 && <EmptyRow colSpan={3}>{t('category.none')}</EmptyRow>}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
