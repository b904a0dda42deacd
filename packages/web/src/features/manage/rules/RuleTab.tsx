import { ActionIcon, Card, Code, Group, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Category, Rule } from '@kassa/contract';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { notifySuccess } from '../../../lib/notify';
import { useCategories } from '../../../shared/global-data';
import { useRuleMutations, useRules } from '../api';
import { EmptyRow } from '../EmptyRow';
import { AddNewButton, ListHeader } from '../ListHeader';
import { MATCH_LABELS, positionsAfterMove, rangeText } from './rule-form';
import { RuleEditorModal } from './RuleEditorModal';

const TITLE = 'Category rules';

/** What rules are for: the empty list's text. */
const RULES_EXPLAINED =
  "Rules give imported rows their category: the first rule whose text matches a row's payee or description, and whose amount range fits, wins.";

/**
 * manage/rule: the category rules of import in the order they are tried, each with its match
 * kind and pattern, category and amount range; Add new and Edit open the rule dialog, the arrows
 * move a rule up or down, Delete asks first. On a phone the category and range go under the pattern.
 */
export function RuleTab() {
  const query = useRules();
  const rules = query.data ?? [];
  const categories = new Map((useCategories().data ?? []).map((c) => [c.id, c]));
  const { remove, reorder } = useRuleMutations();
  const confirm = useConfirm();
  const compact = useMediaQuery('(max-width: 599.98px)');
  // The dialog, and the rule it edits (none: a new one); kept while the dialog fades out.
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<Rule | undefined>(undefined);
  const openEditor = (rule: Rule | undefined) => {
    setTarget(rule);
    setOpen(true);
  };
  const columns = compact ? 2 : 5;

  const move = (index: number, delta: -1 | 1) => {
    const updates = positionsAfterMove(rules, index, delta);
    if (updates.length > 0) reorder.mutate(updates);
  };

  const del = async (rule: Rule) => {
    const answer = await confirm({
      title: 'Delete this rule?',
      text: `Imported rows will no longer be matched by “${rule.pattern}”. This action can not be undone!`,
      danger: true,
    });
    if (answer !== 'yes') return;
    const done = await remove.mutateAsync(rule.id).then(
      () => true,
      () => false,
    );
    if (done) notifySuccess('Rule deleted');
  };

  const row = (rule: Rule, index: number) => {
    const range = rangeText(rule);
    const category = <CategoryName category={categories.get(rule.categoryId)} />;
    const amount = (
      <Text size="sm" span c={range === null ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {range ?? 'Any amount'}
      </Text>
    );
    return (
      <Table.Tr key={rule.id} data-rule={rule.id}>
        {!compact && (
          <Table.Td c="dimmed" w={40}>
            {index + 1}
          </Table.Td>
        )}
        <Table.Td style={{ overflowWrap: 'anywhere' }}>
          <Text size="xs" c="dimmed">
            {MATCH_LABELS[rule.match]}
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
        <Table.Td w={compact ? 92 : 136}>
          <RuleActions
            pattern={rule.pattern}
            compact={compact}
            first={index === 0}
            last={index === rules.length - 1}
            moving={reorder.isPending}
            onUp={() => move(index, -1)}
            onDown={() => move(index, 1)}
            onEdit={() => openEditor(rule)}
            onDelete={() => void del(rule)}
          />
        </Table.Td>
      </Table.Tr>
    );
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <ListHeader title={TITLE}>
          <AddNewButton onClick={() => openEditor(undefined)} />
        </ListHeader>
        {rules.length > 0 && (
          <Text size="sm" c="dimmed" mb="xs">
            Tried from the top: the first rule whose text and amount range fit an imported row gives its category.
          </Text>
        )}
        {query.isPending ? (
          <Loader size="sm" aria-label="Loading" />
        ) : (
          <Table aria-label={TITLE} fz="sm" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {!compact && <Table.Th>#</Table.Th>}
                <Table.Th>{compact ? 'Rule' : 'Pattern'}</Table.Th>
                {!compact && <Table.Th>Category</Table.Th>}
                {!compact && <Table.Th>Amount</Table.Th>}
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map(row)}
              {rules.length === 0 && <EmptyRow colSpan={columns}>{`No rules yet. ${RULES_EXPLAINED}`}</EmptyRow>}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <RuleEditorModal opened={open} rule={target} onClose={() => setOpen(false)} />
    </Stack>
  );
}

function CategoryName({ category }: { category: Category | undefined }) {
  if (category === undefined)
    return (
      <Text span size="sm" c="dimmed">
        Unknown category
      </Text>
    );
  return (
    <Text span size="sm">
      {category.name}
      {!category.isActive && (
        <Text span size="xs" c="dimmed">
          {' '}
          (inactive)
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
function RuleActions({ pattern, compact, first, last, moving, onUp, onDown, onEdit, onDelete }: ActionsProps) {
  const icon = { size: 16, stroke: 1.75 };
  const button = { variant: 'subtle', color: 'gray', size: 'md' } as const;
  return (
    <Group gap={4} wrap={compact ? 'wrap' : 'nowrap'} justify="flex-end">
      <ActionIcon {...button} aria-label={`Move rule ${pattern} up`} disabled={first || moving} onClick={onUp}>
        <IconArrowUp {...icon} />
      </ActionIcon>
      <ActionIcon {...button} aria-label={`Move rule ${pattern} down`} disabled={last || moving} onClick={onDown}>
        <IconArrowDown {...icon} />
      </ActionIcon>
      <ActionIcon {...button} aria-label={`Edit rule ${pattern}`} onClick={onEdit}>
        <IconPencil {...icon} />
      </ActionIcon>
      <ActionIcon {...button} color="red" aria-label={`Delete rule ${pattern}`} onClick={onDelete}>
        <IconTrash {...icon} />
      </ActionIcon>
    </Group>
  );
}
