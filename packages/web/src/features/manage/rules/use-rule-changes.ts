import type { Rule } from '@kassa/contract';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { notifySuccess } from '../../../lib/notify';
import { useRuleMutations } from '../api';
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

  return { move, del, moving: reorder.isPending };
}
