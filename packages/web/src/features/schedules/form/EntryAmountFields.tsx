import { SimpleGrid } from '@mantine/core';
import { AmountInput } from '../../../components/AmountInput';
import { CurrencyPicker } from '../../../components/CurrencyPicker';
import type { ScheduleDraft, ScheduleErrors } from '../schedule-form';
import { INSIDE, type SetField } from './form-parts';

interface Props {
  draft: ScheduleDraft;
  errors: ScheduleErrors;
  set: SetField;
  /** The user's currency codes, most recently used first. */
  codes: readonly string[];
}

/** The amount and currency a transaction posts, or a conversion's two; no amount when it asks each time. */
export function EntryAmountFields({ draft, errors, set, codes }: Props) {
  // A stored currency stays offered even if the user no longer has it.
  const offered = (code: string | null) => (code !== null && !codes.includes(code) ? [code, ...codes] : codes);
  if (draft.kind === 'conversion')
    return (
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <AmountInput
          label="From amount"
          required={!draft.ask}
          disabled={draft.ask}
          placeholder={draft.ask ? 'Asked each time' : '0.00'}
          value={draft.ask ? '' : draft.fromAmount}
          error={errors.fromAmount}
          onChange={(v) => set('fromAmount', v)}
        />
        <CurrencyPicker
          label="From currency"
          required
          comboboxProps={INSIDE}
          codes={offered(draft.fromCurrency)}
          value={draft.fromCurrency}
          error={errors.fromCurrency}
          onChange={(v) => set('fromCurrency', v)}
        />
        <AmountInput
          label="To amount"
          required={!draft.ask}
          disabled={draft.ask}
          placeholder={draft.ask ? 'Asked each time' : '0.00'}
          value={draft.ask ? '' : draft.toAmount}
          error={errors.toAmount}
          onChange={(v) => set('toAmount', v)}
        />
        <CurrencyPicker
          label="To currency"
          required
          comboboxProps={INSIDE}
          codes={offered(draft.toCurrency)}
          exclude={draft.fromCurrency}
          value={draft.toCurrency}
          error={errors.toCurrency}
          onChange={(v) => set('toCurrency', v)}
        />
      </SimpleGrid>
    );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <AmountInput
        required={!draft.ask}
        disabled={draft.ask}
        placeholder={draft.ask ? 'Asked each time' : '0.00'}
        value={draft.ask ? '' : draft.amount}
        error={errors.amount}
        onChange={(v) => set('amount', v)}
      />
      <CurrencyPicker
        required
        comboboxProps={INSIDE}
        codes={offered(draft.currency)}
        value={draft.currency}
        error={errors.currency}
        onChange={(v) => set('currency', v)}
      />
    </SimpleGrid>
  );
}
