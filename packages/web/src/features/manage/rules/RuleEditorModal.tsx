import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { Rule, RuleInputBody } from '@kassa/contract';
import { useState } from 'react';
import { useCategories } from '../../../shared/global-data';
import { useT } from '../i18n';
import { categoryChoices, MAX_PATTERN } from './rule-form';
import { AmountRangeFields, INSIDE, MatchField } from './RuleFormFields';
import { useRuleForm } from './use-rule-form';

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
  const { t } = useT();
  // Each opening starts a fresh form from `rule` or `initial`, even one during the closing fade.
  const [openings, setOpenings] = useState(opened ? 1 : 0);
  const [wasOpen, setWasOpen] = useState(opened);
  if (opened !== wasOpen) {
    setWasOpen(opened);
    if (opened) setOpenings((n) => n + 1);
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={rule === undefined ? t('rule.newTitle') : t('rule.editTitle')}
      centered
      size="lg"
    >
      <RuleForm key={openings} rule={rule} initial={initial} onSaved={onSaved} onClose={onClose} />
    </Modal>
  );
}

type FormProps = Omit<RuleEditorModalProps, 'opened'>;

/** The form: the rule's fields, a refusal the server gave to none of them, and the buttons. */
function RuleForm({ rule, initial, onSaved, onClose }: FormProps) {
  const { t } = useT();
  const categories = useCategories().data ?? [];
  const { draft, set, errors, general, saving, submit } = useRuleForm({ rule, initial, onSaved, onClose });
  const keepCategory = rule?.categoryId ?? null;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <MatchField draft={draft} errors={errors} set={set} />
        <TextInput
          label={t('rule.pattern')}
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_PATTERN}
          data-autofocus
          description={t(`rule.help.${draft.match}`)}
          value={draft.pattern}
          error={errors.pattern}
          onChange={(e) => set('pattern', e.currentTarget.value)}
          styles={
            draft.match === 'regex' ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined
          }
        />
        <Select
          label={t('rule.category')}
          required
          searchable
          comboboxProps={INSIDE}
          placeholder={t('rule.chooseCategory')}
          nothingFoundMessage={t('rule.noSuchCategory')}
          data={categoryChoices(categories, keepCategory)}
          value={draft.categoryId}
          error={errors.categoryId}
          onChange={(v) => set('categoryId', v)}
        />
        <AmountRangeFields draft={draft} errors={errors} set={set} />
        {general !== null && (
          <Alert color="red" role="alert">
            {general}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {rule === undefined ? t('rule.submit') : t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
