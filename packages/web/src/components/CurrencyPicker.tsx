import { Select, type SelectProps } from '@mantine/core';
import { useT } from '../i18n';
import { currencyOptions } from './currency-options';

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (code: string) => void;
  /** A currency not to offer (the other side of a conversion). */
  exclude?: string | null;
  /** The codes to choose from (the caller's data: components fetch nothing). */
  codes: readonly string[];
};

/** A currency picker: excluded one left out, current one first, the rest in the given order (spec §5). */
export function CurrencyPicker({ value, onChange, exclude, codes, ...rest }: Props) {
  const { t } = useT();
  return (
    <Select
      label={t('currency')}
      allowDeselect={false}
      searchable
      {...rest}
      data={currencyOptions(codes, value, exclude)}
      value={value}
      onChange={(code) => {
        if (code !== null) onChange(code);
      }}
    />
  );
}
