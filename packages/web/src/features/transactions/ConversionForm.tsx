import { Group, SimpleGrid, Stack, Textarea } from '@mantine/core';
import type { Conversion, ConversionBody } from '@kassa/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useEntryCurrency } from '../../shared/entry-currency';
import { useUserCurrencies } from '../../shared/global-data';
import { AmountInput } from '../../components/AmountInput';
import { readAmount } from '../../components/amount-value';
import { CurrencyPicker } from '../../components/CurrencyPicker';
import { TimePicker } from '../../components/TimePicker';
import { CLEAR_OF_TOASTS } from '../../lib/notify';
import { useDebouncedAction } from '../../lib/use-debounced-action';
import { ConversionRate } from './ConversionRate';
import { useT } from './i18n';
import { useFormKeys } from './use-form-keys';
import { useFormTime } from './use-form-time';

interface Props {
  initial?: Conversion;
  /** The form's payload (id added by the editor). */
  onSubmit: (payload: ConversionBody) => Promise<boolean>;
  resetAfterSave?: boolean;
  actions: ReactNode;
}

/** From amount and currency, to amount and currency (never the same), description, time. */
export function ConversionForm({ initial, onSubmit, resetAfterSave, actions }: Props) {
  const { t } = useT();
  const codes = (useUserCurrencies().data ?? []).map((c) => c.code);
  const entryCurrency = useEntryCurrency();
  const [fromAmount, setFromAmount] = useState(initial === undefined ? '' : String(initial.fromAmount));
  const [toAmount, setToAmount] = useState(initial === undefined ? '' : String(initial.toAmount));
  const [from, setFrom] = useState<string | null>(initial?.fromCurrency ?? null);
  const [to, setTo] = useState<string | null>(initial?.toCurrency ?? null);
  const [description, setDescription] = useState(initial?.description ?? '');
  const time = useFormTime(initial?.time);

  // From the main currency until the user picks (issue 32); spec §5: the second picker excludes
  // the first currency, and offers the most recently used other one.
  const fromValue = from ?? entryCurrency;
  const toValue = to !== null && to !== fromValue ? to : (codes.find((c) => c !== fromValue) ?? null);

  const submit = async () => {
    const fromRead = readAmount(fromAmount, fromValue);
    const toRead = readAmount(toAmount, toValue);
    if (fromValue === null || toValue === null || fromRead.state !== 'ok' || toRead.state !== 'ok') return;
    const saved = await onSubmit({
      fromAmount: fromRead.text,
      fromCurrency: fromValue,
      toAmount: toRead.text,
      toCurrency: toValue,
      description,
      time: time.instant().toISOString(),
    });
    if (saved && resetAfterSave === true) {
      setFromAmount('');
      setToAmount('');
      setDescription('');
      time.reset();
    }
  };
  const save = useDebouncedAction(submit);
  const keys = useFormKeys();
  // The form opens in the first amount, new or edited (issue 22), so it can be typed and saved
  // without the mouse.
  const fromRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    fromRef.current?.focus();
  }, []);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      onKeyDown={keys}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <AmountInput
            ref={fromRef}
            label={t('form.fromAmount')}
            required
            value={fromAmount}
            onChange={setFromAmount}
            currency={fromValue}
          />
          <CurrencyPicker label={t('form.fromCurrency')} required value={fromValue} onChange={setFrom} codes={codes} />
          <AmountInput label={t('form.toAmount')} required value={toAmount} onChange={setToAmount} currency={toValue} />
          <CurrencyPicker
            label={t('form.toCurrency')}
            required
            value={toValue}
            onChange={setTo}
            codes={codes}
            exclude={fromValue}
          />
        </SimpleGrid>
        <ConversionRate from={fromValue} to={toValue} fromAmount={fromAmount} toAmount={toAmount} at={time.instant()} />
        <Textarea
          label={t('form.description')}
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <TimePicker value={time.value} onChange={time.onChange} />
        <Group justify="flex-end" gap="xs" mt="xs" {...CLEAR_OF_TOASTS}>
          {actions}
        </Group>
      </Stack>
    </form>
  );
}
