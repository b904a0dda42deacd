import type { Rule } from '@kassa/contract';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { notifySuccess } from '../../../lib/notify';
import { useRuleMutations } from '../api';
import { t } from '../i18n';
import { positionsAfterMove } from './rule-form';

/** Moving a rule of `rules` up or down, and deleting one once the user confirms. */
export function useRuleChanges(rules: readonly Rule[]) {
  const { remove, reorder } = useRuleMutations();
  const confirm = useConfirm();

  const move = (index: number, delta: -1 | 1) => {
    const updates = positionsAfterMove(rules, index, delta);
    if (updates.length > 0) reorder.mutate(updates);
  };

  const del = async (rule: Rule) => {
    const answer = await confirm({
      title: t('rule.deleteTitle'),
      text: t('rule.deleteText', { pattern: rule.pattern }),
      danger: true,
    });
    if (answer !== 'yes') return;
    const done = await remove.mutateAsync(rule.id).then(
      () => true,
      () => false,
    );
    if (done) notifySuccess(t('rule.deleted'));
  };

  return { move, del, moving: reorder.isPending };
}
