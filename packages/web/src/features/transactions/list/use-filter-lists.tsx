import type { ReactElement } from 'react';
import { TransferList } from '../../../components/TransferList';
import type { BookPerson } from '../../../shared/books';
import { useCategories, useUserCurrencies } from '../../../shared/global-data';
import { useT } from '../i18n';
import type { FilterState } from './filter';

/** About three lines of choices; more scroll. */
const LIST_HEIGHT = 76;

/**
 * The filter's multi-selects (spec §2): income, expense and loan/business categories, currency and
 * direction; in a shared book (issue 34) who entered the rows, when `people` are given.
 */
export function useFilterLists(
  value: FilterState,
  onChange: (s: FilterState) => void,
  people?: readonly BookPerson[],
): ReactElement[] {
  const { t } = useT();
  const categories = useCategories().data ?? [];
  const currencies = useUserCurrencies().data ?? [];
  const real = (income: boolean) =>
    categories.filter((c) => c.type === 'real' && c.isIncome === income).map((c) => ({ value: c.id, label: c.name }));
  const loanBusiness = categories
    .filter((c) => c.type === 'loan' || c.type === 'business')
    .map((c) => ({ value: c.id, label: c.name }));

  return [
    <TransferList
      key="incomeCategories"
      label={t('filter.incomeCategories')}
      options={real(true)}
      selected={value.incomeCategories}
      onChange={(incomeCategories) => onChange({ ...value, incomeCategories })}
      maxAvailableHeight={LIST_HEIGHT}
    />,
    <TransferList
      key="expenseCategories"
      label={t('filter.expenseCategories')}
      options={real(false)}
      selected={value.expenseCategories}
      onChange={(expenseCategories) => onChange({ ...value, expenseCategories })}
      maxAvailableHeight={LIST_HEIGHT}
    />,
    <TransferList
      key="loanBusiness"
      label={t('filter.loanBusiness')}
      options={loanBusiness}
      selected={value.loanBusinessCategories}
      onChange={(loanBusinessCategories) => onChange({ ...value, loanBusinessCategories })}
      maxAvailableHeight={LIST_HEIGHT}
    />,
    <TransferList
      key="currency"
      label={t('filter.currency')}
      options={currencies.map((c) => ({ value: c.code, label: c.code }))}
      selected={value.currencies}
      onChange={(selected) => onChange({ ...value, currencies: selected })}
      maxAvailableHeight={LIST_HEIGHT}
    />,
    <TransferList
      key="direction"
      label={t('filter.direction')}
      options={[
        { value: true, label: t('filter.income') },
        { value: false, label: t('filter.expense') },
      ]}
      selected={value.directions}
      onChange={(directions) => onChange({ ...value, directions })}
      maxAvailableHeight={LIST_HEIGHT}
    />,
    ...(people === undefined
      ? []
      : [
          <TransferList
            key="enteredBy"
            label={t('filter.enteredBy')}
            options={people.map((p) => ({ value: p.userId, label: p.name }))}
            selected={value.enteredBy}
            onChange={(enteredBy) => onChange({ ...value, enteredBy })}
            maxAvailableHeight={LIST_HEIGHT}
          />,
        ]),
  ];
}
