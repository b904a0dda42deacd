import type { BusinessType, Category, Transaction, TransactionBody } from '@kassa/contract';
import { useState } from 'react';
import { readAmount } from '../../components/amount-value';
import { useEntryCurrency } from '../../shared/entry-currency';
import { useCategories, useUserCurrencies } from '../../shared/global-data';
import { useExternalCategories } from './api';
import { categoriesFor, KIND_RULES, type TransactionKind } from './kinds';
import { useFormTime } from './use-form-time';
import { useSplitDraft } from './use-split-draft';

/** The categories the kind offers, most recently used first. */
function useKindCategories(kind: TransactionKind, initial?: Transaction): Category[] {
  const all = useCategories().data ?? [];
  const external = useExternalCategories().data ?? [];
  const offered = categoriesFor(kind, kind === 'external' ? external : all);
  // An edited transaction keeps showing its category even when that is no longer active.
  const own = initial === undefined ? undefined : [...all, ...external].find((c) => c.id === initial.categoryId);
  return own !== undefined && !offered.some((c) => c.id === own.id) ? [own, ...offered] : offered;
}

/**
 * The transaction form's fields, with the main currency and the most recently used category until
 * the user picks, the split of a shared book's expense, and `submit`, which sends them through
 * `onSubmit` (and empties the form after a save with `resetAfterSave`).
 */
export function useTransactionDraft(
  kind: TransactionKind,
  initial: Transaction | undefined,
  onSubmit: (payload: TransactionBody) => Promise<boolean>,
  resetAfterSave: boolean | undefined,
) {
  const rules = KIND_RULES[kind];
  const currencies = useUserCurrencies().data ?? [];
  const categories = useKindCategories(kind, initial);
  const [amount, setAmount] = useState(initial === undefined ? '' : String(initial.amount));
  const [currency, setCurrency] = useState<string | null>(initial?.currency ?? null);
  const [categoryId, setCategoryId] = useState<string | null>(
    initial === undefined ? null : String(initial.categoryId),
  );
  const [description, setDescription] = useState(initial?.description ?? '');
  const time = useFormTime(initial?.time);
  const [isIncome, setIsIncome] = useState(initial?.isIncome ?? rules.defaultIncome);
  const [type, setType] = useState<BusinessType>(initial?.type ?? 'invest');

  // Until the user picks: the main currency (issue 32; a pick stays for the form's later entries),
  // and the most recently used category.
  const entryCurrency = useEntryCurrency();
  const currencyValue = currency ?? (currencies.length === 0 ? null : entryCurrency);
  const categoryValue = categoryId ?? (categories[0] === undefined ? null : String(categories[0].id));
  // A shared book's expense may be split among its members (issue 34); its choices outlast a save.
  const split = useSplitDraft(kind, initial, amount, currencyValue);

  const submit = async () => {
    const read = readAmount(amount, currencyValue);
    if (currencyValue === null || categoryValue === null || read.state !== 'ok' || split.problem !== null) return;
    const saved = await onSubmit({
      amount: read.text,
      currency: currencyValue,
      categoryId: Number(categoryValue),
      description,
      time: time.instant().toISOString(),
      isIncome: rules.hasDirection ? isIncome : null,
      type: kind === 'business' ? type : null,
      ...split.payload,
    });
    if (saved && resetAfterSave === true) {
      setAmount('');
      setDescription('');
      time.reset();
    }
  };

  const codes = currencies.map((c) => c.code);
  return {
    categories,
    codes,
    amount,
    setAmount,
    currencyValue,
    setCurrency,
    categoryValue,
    setCategoryId,
    description,
    setDescription,
    time,
    isIncome,
    setIsIncome,
    type,
    setType,
    split,
    submit,
  };
}
