import { ActionIcon, Code, Group, Table, Text } from '@mantine/core';
import type { Category, Rule } from '@kassa/contract';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { matchLabel, rangeText } from './rule-form';

/** One rule of the list: its place, match kind and pattern, category and amount range, and `children` (its actions). */
export function RuleRow({
  rule,
  index,
  compact,
  category: known,
  children,
}: {
  rule: Rule;
  index: number;
  compact: boolean;
  category: Category | undefined;
  children: ReactNode;
}) {
  const { t } = useT();
  const range = rangeText(rule);
  const category = <CategoryName category={known} />;
  const amount = (
    <Text size="sm" span c={range === null ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {range ?? t('rule.anyAmount')}
    </Text>
  );
  return (
    <Table.Tr data-rule={rule.id}>
      {!compact && (
        <Table.Td c="dimmed" w={40}>
          {index + 1}
        </Table.Td>
      )}
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text size="xs" c="dimmed">
          {matchLabel(rule.match)}
        </Text>
        <Code fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {rule.pattern}
        </Code>
        {/* A phone has no room for category and amount columns: they go under the pattern. */}
        {compact && (
          <Text size="sm" mt={4} component="div">
            → {category}
            <div>{amount}</div>
          </Text>
        )}
      </Table.Td>
      {!compact && <Table.Td style={{ overflowWrap: 'anywhere' }}>{category}</Table.Td>}
      {!compact && <Table.Td>{amount}</Table.Td>}
      <Table.Td w={compact ? 92 : 136}>{children}</Table.Td>
    </Table.Tr>
  );
}

function CategoryName({ category }: { category: Category | undefined }) {
  const { t } = useT();
  if (category === undefined)
    return (
      <Text span size="sm" c="dimmed">
        {t('rule.unknownCategory')}
      </Text>
    );
  return (
    <Text span size="sm">
      {category.name}
      {!category.isActive && (
        <Text span size="xs" c="dimmed">
          {' '}
          {t('rule.inactive')}
        </Text>
      )}
    </Text>
  );
}

interface ActionsProps {
  pattern: string;
  compact: boolean;
  first: boolean;
  last: boolean;
  moving: boolean;
  onUp: () => void;
  onDown: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** Move up, move down, edit and delete: in a row on a wide screen, two by two on a phone. */
export function RuleActions({ pattern, compact, first, last, moving, onUp, onDown, onEdit, onDelete }: ActionsProps) {
  const { t } = useT();
  const icon = { size: 16, stroke: 1.75 };
  const button = { variant: 'subtle', color: 'gray', size: 'md' } as const;
  return (
    <Group gap={4} wrap={compact ? 'wrap' : 'nowrap'} justify="flex-end">
      <ActionIcon {...button} aria-label={t('rule.moveUp', { pattern })} disabled={first || moving} onClick={onUp}>
        <IconArrowUp {...icon} />
      </ActionIcon>
      <ActionIcon {...button} aria-label={t('rule.moveDown', { pattern })} disabled={last || moving} onClick={onDown}>
        <IconArrowDown {...icon} />
      </ActionIcon>
      <ActionIcon {...button} aria-label={t('rule.edit', { pattern })} onClick={onEdit}>
        <IconPencil {...icon} />
      </ActionIcon>
      <ActionIcon {...button} color="red" aria-label={t('rule.delete', { pattern })} onClick={onDelete}>
        <IconTrash {...icon} />
      </ActionIcon>
    </Group>
  );
}
