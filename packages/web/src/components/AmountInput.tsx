import { TextInput, type TextInputProps } from '@mantine/core';

type Props = Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void };

/**
 * An amount field: text, because amounts may be expressions like 12.5+3-1 (spec §3), which the
 * server evaluates exactly in the currency's decimals. No decimal inputMode: phone keypads for it
 * lack + and -.
 */
export function AmountInput({ value, onChange, ...rest }: Props) {
  return (
    <TextInput
      label="Amount"
      autoComplete="off"
      placeholder="0.00"
      {...rest}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
