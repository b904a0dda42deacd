import type { Rule, RuleInputBody } from '@kassa/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { reportFailure } from '../../../shared/session';
import { useRuleMutations } from '../api';
import { t } from '../i18n';
import { checkDraft, draftOf, serverError, type FieldErrors, type RuleDraft } from './rule-form';

/** The rule to edit, or a new rule's starting values, and what follows a save (as RuleEditorModal takes them). */
interface RuleFormProps {
  rule?: Rule | undefined;
  initial?: Partial<RuleInputBody> | undefined;
  onSaved?: ((rule: Rule) => void) | undefined;
  onClose: () => void;
}

/**
 * The rule form's state: the draft, each field's message and the form's own, and `submit`, which
 * checks the draft (a regex with RE2), adds or updates the rule, and then tells `onSaved` and closes.
 */
export function useRuleForm({ rule, initial, onSaved, onClose }: RuleFormProps) {
  const { add, update } = useRuleMutations();
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(rule ?? initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const saving = add.isPending || update.isPending;

  const set = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    // A field's message goes once the field changes; a missing currency also when the range empties.
    setErrors((e) => ({
      ...e,
      [key]: undefined,
      ...(key === 'minAmount' || key === 'maxAmount' ? { currency: undefined } : {}),
    }));
  };

  const submit = async () => {
    setGeneral(null);
    // RE2 loads with the first regex rule saved; should it fail to load, the server's 400 says the same.
    const regexCheck =
      draft.match === 'regex'
        ? await import('./regex-check').then((m) => m.regexProblem).catch(() => undefined)
        : undefined;
    const checked = checkDraft(draft, regexCheck);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const done = (saved: Rule) => {
      notifySuccess(rule === undefined ? t('rule.added') : t('rule.saved'));
      onSaved?.(saved);
      onClose();
    };
    // The server's refusal (400, or 404 naming a category gone meanwhile) shows in the form, which
    // keeps what was typed; anything else (no connection, session over) takes the usual path.
    const failed = (err: unknown) => {
      const refused = err instanceof ApiError && (err.status === 400 || err.status === 404) ? err.body : undefined;
      if (refused === undefined) {
        reportFailure(err);
        return;
      }
      const { field, text } = serverError(refused.message);
      if (field === null) setGeneral(text);
      else setErrors({ [field]: text });
    };
    if (rule === undefined) add.mutate(checked.body, { onSuccess: done, onError: failed });
    else update.mutate({ ...checked.body, id: rule.id, position: rule.position }, { onSuccess: done, onError: failed });
  };

  return { draft, set, errors, general, saving, submit };
}

/** Sets one field of the draft. */
export type SetRuleField = ReturnType<typeof useRuleForm>['set'];
