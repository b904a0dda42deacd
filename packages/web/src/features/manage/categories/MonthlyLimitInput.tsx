import { TextInput } from '@mantine/core';
import { useMainCurrency } from '../../../shared/books';

interface Props {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}

/** The monthly limit of an expense category, in the main currency (the server keeps it there). */
export function MonthlyLimitInput({ value, onChange, error }: Props) {
  const main = useMainCurrency() ?? null;
  return (
    <TextInput
      label="Monthly limit"
      description={`${main === null ? 'In your main currency' : `In ${main}, your main currency`}; leave empty for none`}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
