import { Badge, Card, Stack, Table, Text } from '@mantine/core';
import type { Category } from '@kassa/contract';
import { ellipsis } from '@kassa/money';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCategories } from '../../../shared/global-data';
import { ClickableRow } from '../ClickableRow';
import { EmptyRow } from '../EmptyRow';
import { AddNewButton, ListHeader } from '../ListHeader';
import { useScrollToBottomWhenOpen } from '../scroll';
import { AddCategoryForm } from './AddCategoryForm';
import { useT } from '../i18n';
import { closableLists, LIST_DESCRIPTION_MAX, type ClosableType } from './category-lists';

/** manage/loan and manage/business: open categories, then the closed ones after a separator (spec §2). */
export function ClosableCategoryTab({ type }: { type: ClosableType }) {
  const { t } = useT();
  const title = t(`category.lists.${type}`);
  const navigate = useNavigate();
  const { open, closed } = closableLists(useCategories().data ?? [], type);
  const [adding, setAdding] = useState(false);
  const compact = useMediaQuery('(max-width: 599.98px)');
  const columns = compact ? 2 : 3;
  useScrollToBottomWhenOpen(adding);

  const row = (c: Category) => {
    const description = ellipsis(c.description, LIST_DESCRIPTION_MAX);
    return (
      <ClickableRow key={c.id} onOpen={() => void navigate(`/private/edit-category/${c.id}`)} data-closed={!c.isActive}>
        <Table.Td style={{ overflowWrap: 'anywhere' }} c={c.isActive ? undefined : 'dimmed'}>
          {c.name}
          {/* A phone has no room for a description column: it goes under the name. */}
          {compact && description !== '' && (
            <Text size="xs" c="dimmed" title={c.description}>
              {description}
            </Text>
          )}
        </Table.Td>
        {!compact && (
          <Table.Td c="dimmed" style={{ overflowWrap: 'anywhere' }} title={c.description}>
            {description}
          </Table.Td>
        )}
        <Table.Td ta="right">
          {!c.isActive && (
            <Badge color="gray" variant="light">
              {t('category.closed')}
            </Badge>
          )}
        </Table.Td>
      </ClickableRow>
    );
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <ListHeader title={title}>
          <AddNewButton onClick={() => setAdding(true)} />
        </ListHeader>
        <Table highlightOnHover aria-label={title} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('name')}</Table.Th>
              {!compact && <Table.Th>{t('description')}</Table.Th>}
              <Table.Th w={90} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {open.map(row)}
            {closed.length > 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns} ta="center" c="dimmed" data-separator>
                  {t('category.closedSeparator')}
                </Table.Td>
              </Table.Tr>
            )}
            {closed.map(row)}
            {open.length + closed.length === 0 && (
              <EmptyRow colSpan={columns}>
                {t(type === 'loan' ? 'category.noneLoan' : 'category.noneBusiness')}
              </EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </Card>
      {adding && <AddCategoryForm key={type} target={{ type }} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
