import { Select, type SelectProps } from '@mantine/core';
import { useUserCurrencies } from '../app/global-data';
import { currencyOptions } from './currency-options';

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (code: string) => void;
  /** A currency not to offer (the other side of a conversion). */
  exclude?: string | null;
  /** The codes to choose from; the user's currencies when absent. */
  codes?: readonly string[];
};

/** A currency picker over the user's currencies: excluded one left out, current one first (spec §5). */
export function CurrencyPicker({ value, onChange, exclude, codes, ...rest }: Props) {
  const userCurrencies = useUserCurrencies().data;
  const all = codes ?? (userCurrencies ?? []).map((c) => c.code);
  return (
    <Select
      label="Currency"
      allowDeselect={false}
      searchable
      {...rest}
      data={currencyOptions(all, value, exclude)}
      value={value}
      onChange={(code) => {
        if (code !== null) onChange(code);
      }}
    />
  );
}
