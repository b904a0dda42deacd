import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { decimalMark, formatMoneyMinor } from '../lib/display-format';
import { useEffect, useRef, useState, type Ref } from 'react';
import { useT } from '../i18n';
import { readAmount } from './amount-value';

type Props = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  /**
   * The currency the amount is in: shown inside the field and deciding the decimals allowed.
   * Given, the field is an entry amount (issue 22): positive, in the user's notation, checked and
   * evaluated live, with the decimal keypad. Without it (fixpoint balances, rule bounds, which may
   * be negative) the field is plain text the server checks.
   */
  currency?: string | null;
  ref?: Ref<HTMLInputElement>;
};

/**
 * An amount field (issue 22). Text, because amounts may be expressions like 12.5+3-1 (spec §3),
 * with the decimal keypad on phones (`inputmode="decimal"`). The user's decimal and thousands
 * marks are accepted (`12,50`, `1.234,50`; the person's number format settles `1,234` and `1.234`,
 * issue 36); the evaluated amount shows live under the field in that format, and
 * an amount that cannot be saved is named there, once the field was left or a save was tried: the
 * field is then invalid for the browser, so the form does not submit it. The currency code sits
 * inside the field, so a save in an unexpected currency is hard to miss.
 */
export function AmountInput({ value, onChange, currency, ref, required, error, description, ...rest }: Props) {
  const { t } = useT();
  const own = useRef<HTMLInputElement>(null);
  const merged = useMergedRef(own, ref);
  const [shown, setShown] = useState(false);
  const entry = currency !== undefined;
  const read = entry ? readAmount(value, currency) : ({ state: 'empty' } as const);
  const problem =
    read.state === 'error'
      ? read.message
      : entry && read.state === 'empty' && required === true
        ? t('amount.required')
        : null;
  useEffect(() => {
    own.current?.setCustomValidity(problem ?? '');
  }, [problem]);
  // A cleared field (after a save) starts over: no error until it is left or saved again.
  const [previous, setPrevious] = useState(value);
  if (value !== previous) {
    setPrevious(value);
    if (value === '') setShown(false);
  }

  const preview = read.state === 'ok' && currency != null ? `= ${formatMoneyMinor(read.minor, currency)}` : undefined;
  const placeholder = `0${decimalMark()}00`;
  if (!entry)
    return (
      <TextInput
        label={t('amount.label')}
        autoComplete="off"
        placeholder={placeholder}
        required={required}
        {...rest}
        ref={ref}
        error={error}
        description={description}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  return (
    <TextInput
      label={t('amount.label')}
      autoComplete="off"
      inputMode="decimal"
      placeholder={placeholder}
      required={required}
      {...rest}
      ref={merged}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={() => value.trim() !== '' && setShown(true)}
      onInvalid={(e) => {
        // The message shows under the field instead of the browser's bubble.
        e.preventDefault();
        setShown(true);
        if (e.currentTarget.form?.querySelector('input:invalid') === e.currentTarget) e.currentTarget.focus();
      }}
      error={shown && problem !== null ? problem : error}
      description={preview ?? description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      rightSection={
        currency === null ? undefined : (
          <Text fw={700} size="md" c="var(--mantine-color-text)" aria-hidden>
            {currency}
          </Text>
        )
      }
      rightSectionWidth={56}
      rightSectionPointerEvents="none"
    />
  );
}
