import { Fieldset, Grid, SegmentedControl, Select, Text } from '@mantine/core';
import { useId } from 'react';
import { AmountInput } from '../../../components/AmountInput';
import { currencyOptions } from '../../../components/currency-options';
import { useUserCurrencies } from '../../../shared/global-data';
import { useT } from '../i18n';
import { matchLabel, type FieldErrors, type RuleDraft } from './rule-form';
import type { SetRuleField } from './use-rule-form';

/**
 * The pickers' lists open inside the dialog, not in a portal: from a portal, a phone placed them
 * past the right edge, which widened the page and moved the dialog under them, over and over.
 */
export const INSIDE = { withinPortal: false };

interface FieldsProps {
  draft: RuleDraft;
  errors: FieldErrors;
  set: SetRuleField;
}

/** How the pattern matches: contained, or a regular expression. */
export function MatchField({ draft, errors, set }: FieldsProps) {
  const { t } = useT();
  const labelId = useId();
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={labelId}>
        {t('rule.match')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        fullWidth
        data={(['contains', 'regex'] as const).map((value) => ({ value, label: matchLabel(value) }))}
        value={draft.match}
        onChange={(v) => set('match', v === 'regex' ? 'regex' : 'contains')}
      />
      {errors.match !== undefined && (
        <Text size="xs" c="red" mt={4}>
          {errors.match}
        </Text>
      )}
    </div>
  );
}

/** The optional amount range and its currency. */
export function AmountRangeFields({ draft, errors, set }: FieldsProps) {
  const { t } = useT();
  const owned = (useUserCurrencies().data ?? []).map((c) => c.code);
  // The rule's own currency stays offered even if the user no longer has it.
  const codes = draft.currency !== null && !owned.includes(draft.currency) ? [draft.currency, ...owned] : owned;
  return (
    <Fieldset legend={t('rule.range')} variant="filled" p="sm">
      <Text size="xs" c="dimmed" mb="xs">
        {t('rule.rangeHint')}
      </Text>
      <Grid gap="xs">
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <AmountInput
            label={t('rule.min')}
            placeholder={t('rule.any')}
            value={draft.minAmount}
            error={errors.minAmount}
            onChange={(v) => set('minAmount', v)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <AmountInput
            label={t('rule.max')}
            placeholder={t('rule.any')}
            value={draft.maxAmount}
            error={errors.maxAmount}
            onChange={(v) => set('maxAmount', v)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label={t('rule.currency')}
            placeholder={t('rule.chooseCurrency')}
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
  );
}
