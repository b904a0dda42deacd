import { TextInput } from '@mantine/core';
import { useMainCurrency } from '../../../shared/books';
import { useT } from '../i18n';

interface Props {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}

/** The monthly limit of an expense category, in the main currency (the server keeps it there). */
export function MonthlyLimitInput({ value, onChange, error }: Props) {
  const { t } = useT();
  const main = useMainCurrency() ?? null;
  return (
    <TextInput
      label={t('category.monthlyLimit')}
      description={main === null ? t('category.limitInMainUnknown') : t('category.limitInMain', { currency: main })}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
