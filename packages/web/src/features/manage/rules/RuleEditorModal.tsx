import {
  Alert,
  Button,
  Fieldset,
  Grid,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { Rule, RuleInputBody, RuleMatch } from '@kassa/contract';
import { useId, useState } from 'react';
import { AmountInput } from '../../../components/AmountInput';
import { currencyOptions } from '../../../components/currency-options';
import { ApiError } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { useCategories, useUserCurrencies } from '../../../shared/global-data';
import { reportFailure } from '../../../shared/session';
import { useRuleMutations } from '../api';
import {
  categoryChoices,
  checkDraft,
  draftOf,
  MATCH_LABELS,
  MAX_PATTERN,
  serverError,
  type FieldErrors,
  type RuleDraft,
} from './rule-form';

export interface RuleEditorModalProps {
  /** Whether the dialog shows. */
  opened: boolean;
  /** Closes the dialog: Cancel, Escape, the overlay, and after a save. */
  onClose: () => void;
  /** The rule to edit (its position is kept); without it the dialog adds a new rule, tried last. */
  rule?: Rule | undefined;
  /**
   * Starting values of a new rule, e.g. `{ pattern, categoryId }` of an import row; ignored with
   * `rule`. Like `rule`, read when the dialog opens.
   */
  initial?: Partial<RuleInputBody> | undefined;
  /** Called with the rule as stored, after a save and before `onClose`. */
  onSaved?: ((rule: Rule) => void) | undefined;
}

/**
 * The rule form in a dialog: match kind, pattern, category (active income and expense ones,
 * grouped) and an optional amount range with its currency. It adds or updates the rule itself
 * (the rule list reloads) and shows a success toast; a refusal of the server shows under the
 * field it names (or above the buttons), the dialog staying open. Another feature opens it
 * through the manage index, e.g. the Import screen's "create a rule from this row":
 *
 *   <RuleEditorModal opened={open} initial={{ pattern: row.payee, categoryId }} onClose={close} />
 */
export function RuleEditorModal({ opened, onClose, rule, initial, onSaved }: RuleEditorModalProps) {
  // Each opening starts a fresh form from `rule` or `initial`, even one during the closing fade.
  const [openings, setOpenings] = useState(opened ? 1 : 0);
  const [wasOpen, setWasOpen] = useState(opened);
  if (opened !== wasOpen) {
    setWasOpen(opened);
    if (opened) setOpenings((n) => n + 1);
  }
  return (
    <Modal opened={opened} onClose={onClose} title={rule === undefined ? 'New rule' : 'Edit rule'} centered size="lg">
      <RuleForm key={openings} rule={rule} initial={initial} onSaved={onSaved} onClose={onClose} />
    </Modal>
  );
}

type FormProps = Omit<RuleEditorModalProps, 'opened'>;

/**
 * The pickers' lists open inside the dialog, not in a portal: from a portal, a phone placed them
 * past the right edge, which widened the page and moved the dialog under them, over and over.
 */
const INSIDE = { withinPortal: false };

const MATCH_CHOICES = (['contains', 'regex'] as const).map((value) => ({ value, label: MATCH_LABELS[value] }));

const PATTERN_HELP: Record<RuleMatch, string> = {
  contains: 'Found anywhere in the payee or description; case and accents do not matter.',
  regex:
    'A regular expression (RE2: no backreferences or lookaround), tried on the payee and description without regard to case, e.g. ^(lidl|aldi)\\b',
};

function RuleForm({ rule, initial, onSaved, onClose }: FormProps) {
  const { add, update } = useRuleMutations();
  const categories = useCategories().data ?? [];
  const owned = (useUserCurrencies().data ?? []).map((c) => c.code);
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(rule ?? initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const matchLabel = useId();
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

  const keepCategory = rule?.categoryId ?? null;
  // The rule's own currency stays offered even if the user no longer has it.
  const codes = draft.currency !== null && !owned.includes(draft.currency) ? [draft.currency, ...owned] : owned;

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
      notifySuccess(rule === undefined ? 'Rule added' : 'Rule saved');
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

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} mb={4} id={matchLabel}>
            Match
          </Text>
          <SegmentedControl
            aria-labelledby={matchLabel}
            fullWidth
            data={MATCH_CHOICES}
            value={draft.match}
            onChange={(v) => set('match', v === 'regex' ? 'regex' : 'contains')}
          />
          {errors.match !== undefined && (
            <Text size="xs" c="red" mt={4}>
              {errors.match}
            </Text>
          )}
        </div>
        <TextInput
          label="Pattern"
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_PATTERN}
          data-autofocus
          description={PATTERN_HELP[draft.match]}
          value={draft.pattern}
          error={errors.pattern}
          onChange={(e) => set('pattern', e.currentTarget.value)}
          styles={
            draft.match === 'regex' ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined
          }
        />
        <Select
          label="Category"
          required
          searchable
          comboboxProps={INSIDE}
          placeholder="Choose a category"
          nothingFoundMessage="No such category"
          data={categoryChoices(categories, keepCategory)}
          value={draft.categoryId}
          error={errors.categoryId}
          onChange={(v) => set('categoryId', v)}
        />
        <Fieldset legend="Amount range (optional)" variant="filled" p="sm">
          <Text size="xs" c="dimmed" mb="xs">
            The rule then fits only rows in this currency whose amount, without its sign, lies in the range.
          </Text>
          <Grid gap="xs">
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <AmountInput
                label="Min amount"
                placeholder="Any"
                value={draft.minAmount}
                error={errors.minAmount}
                onChange={(v) => set('minAmount', v)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <AmountInput
                label="Max amount"
                placeholder="Any"
                value={draft.maxAmount}
                error={errors.maxAmount}
                onChange={(v) => set('maxAmount', v)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Select
                label="Currency"
                placeholder="Choose"
                searchable
                clearable
                comboboxProps={INSIDE}
                data={currencyOptions(codes, draft.currency)}
                value={draft.currency}
                error={errors.currency}
                onChange={(v) => set('currency', v)}
              />
            </Grid.Col>
          </Grid>
        </Fieldset>
        {general !== null && (
          <Alert color="red" role="alert">
            {general}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {rule === undefined ? 'Add rule' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
