import { Card, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Rule } from '@kassa/contract';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useCategories } from '../../../shared/global-data';
import { useRules } from '../api';
import { EmptyRow } from '../EmptyRow';
import { useT } from '../i18n';
import { AddNewButton, ListHeader } from '../ListHeader';
import { RuleEditorModal } from './RuleEditorModal';
import { RuleActions, RuleRow } from './RuleRow';
import { useRuleChanges } from './use-rule-changes';

/**
 * manage/rule: the category rules of import in the order they are tried, each with its match
 * kind and pattern, category and amount range; Add new and Edit open the rule dialog, the arrows
 * move a rule up or down, Delete asks first. On a phone the category and range go under the pattern.
 */
export function RuleTab() {
  const { t } = useT();
  const title = t('rule.title');
  const query = useRules();
  const rules = query.data ?? [];
  const categories = new Map((useCategories().data ?? []).map((c) => [c.id, c]));
  const { move, del, moving } = useRuleChanges(rules);
  const compact = useMediaQuery('(max-width: 599.98px)');
  // The dialog, and the rule it edits (none: a new one); kept while the dialog fades out.
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<Rule | undefined>(undefined);
  const openEditor = (rule: Rule | undefined) => {
    setTarget(rule);
    setOpen(true);
  };
  const columns = compact ? 2 : 5;

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <ListHeader title={title}>
          <AddNewButton onClick={() => openEditor(undefined)} />
        </ListHeader>
        {rules.length > 0 && (
          <Text size="sm" c="dimmed" mb="xs">
            {t('rule.order')}
          </Text>
        )}
        {query.isPending ? (
          <Loader size="sm" role="status" aria-label={t('loading')} />
        ) : (
          <Table aria-label={title} fz="sm" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {!compact && <Table.Th>#</Table.Th>}
                <Table.Th>{compact ? t('rule.rule') : t('rule.pattern')}</Table.Th>
                {!compact && <Table.Th>{t('rule.category')}</Table.Th>}
                {!compact && <Table.Th>{t('rule.amount')}</Table.Th>}
                <Table.Th>
                  <VisuallyHidden>{t('rule.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map((rule, index) => (
                <RuleRow
                  key={rule.id}
                  rule={rule}
                  index={index}
                  compact={compact}
                  category={categories.get(rule.categoryId)}
                >
                  <RuleActions
                    pattern={rule.pattern}
                    compact={compact}
                    first={index === 0}
                    last={index === rules.length - 1}
                    moving={moving}
                    onUp={() => move(index, -1)}
                    onDown={() => move(index, 1)}
                    onEdit={() => openEditor(rule)}
                    onDelete={() => void del(rule)}
                  />
                </RuleRow>
              ))}
              {rules.length === 0 && <EmptyRow colSpan={columns}>{t('rule.none')}</EmptyRow>}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <RuleEditorModal opened={open} rule={target} onClose={() => setOpen(false)} />
    </Stack>
  );
}
