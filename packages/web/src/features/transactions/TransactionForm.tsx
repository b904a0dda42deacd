import { Anchor, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import type { BusinessType, Category, Transaction, TransactionBody } from '@kassa/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useEntryCurrency } from '../../shared/entry-currency';
import { useCategories, useUserCurrencies } from '../../shared/global-data';
import { AmountInput } from '../../components/AmountInput';
import { readAmount } from '../../components/amount-value';
import { CurrencyPicker } from '../../components/CurrencyPicker';
import { TimePicker } from '../../components/TimePicker';
import { CLEAR_OF_TOASTS } from '../../lib/notify';
import { useDebouncedAction } from '../../lib/use-debounced-action';
import { useExternalCategories } from './api';
import { BUSINESS_TYPES, categoriesFor, KIND_RULES, type TransactionKind } from './kinds';
import { useFormKeys } from './use-form-keys';
import { useFormTime } from './use-form-time';

interface Props {
  kind: TransactionKind;
  /** The stored transaction when editing. */
  initial?: Transaction;
  /** Saves; resolves true when saved, so an add form can reset. */
  /** The form's payload (id added by the editor). */
  onSubmit: (payload: TransactionBody) => Promise<boolean>;
  /** Clears amount and description and sets the time to now after a save (spec §4 add transaction). */
  resetAfterSave?: boolean;
  disabled?: boolean;
  /** The buttons: the form's submit plus whatever the page adds (Cancel, Delete). */
  actions: ReactNode;
}

function useKindCategories(kind: TransactionKind, initial?: Transaction): Category[] {
  const all = useCategories().data ?? [];
  const external = useExternalCategories().data ?? [];
  const offered = categoriesFor(kind, kind === 'external' ? external : all);
  // An edited transaction keeps showing its category even when that is no longer active.
  const own = initial === undefined ? undefined : [...all, ...external].find((c) => c.id === initial.categoryId);
  return own !== undefined && !offered.some((c) => c.id === own.id) ? [own, ...offered] : offered;
}

/** Amount, currency, category, direction or business type, description and time for one kind. */
export function TransactionForm({ kind, initial, onSubmit, resetAfterSave, disabled, actions }: Props) {
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

  const submit = async () => {
    const read = readAmount(amount, currencyValue);
    if (currencyValue === null || categoryValue === null || read.state !== 'ok') return;
    const saved = await onSubmit({
      amount: read.text,
      currency: currencyValue,
      categoryId: Number(categoryValue),
      description,
      time: time.instant().toISOString(),
      isIncome: rules.hasDirection ? isIncome : null,
      type: kind === 'business' ? type : null,
    });
    if (saved && resetAfterSave === true) {
      setAmount('');
      setDescription('');
      time.reset();
    }
  };

  const save = useDebouncedAction(submit);
  const keys = useFormKeys();
  // The form opens in the amount, new or edited (issues 20, 22), so it can be typed and saved
  // without the mouse; a read-only one (closed category) takes no focus.
  const amountRef = useRef<HTMLInputElement>(null);
  const focusOnOpen = disabled !== true;
  useEffect(() => {
    if (focusOnOpen) amountRef.current?.focus();
  }, [focusOnOpen]);

  // Loan and business tabs without an active category point to where one is opened.
  if ((kind === 'loan' || kind === 'business') && categories.length === 0) {
    return (
      <Text>
        <Anchor component={Link} to={`/private/manage/${rules.categType}`}>
          Add active {rules.categType} categories to enable
        </Anchor>
      </Text>
    );
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      onKeyDown={keys}
    >
      <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          {rules.hasDirection && (
            <SegmentedControl
              aria-label="Direction"
              value={isIncome ? 'in' : 'out'}
              onChange={(v) => setIsIncome(v === 'in')}
              data={[
                { value: 'in', label: 'IN' },
                { value: 'out', label: 'OUT' },
              ]}
              fullWidth
            />
          )}
          {kind === 'business' && (
            <Select
              label="Type"
              allowDeselect={false}
              data={BUSINESS_TYPES}
              value={type}
              onChange={(v) => v !== null && setType(v)}
            />
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <AmountInput
              ref={amountRef}
              required
              value={amount}
              onChange={setAmount}
              currency={currencyValue}
              data-autofocus
            />
            <CurrencyPicker
              required
              value={currencyValue}
              onChange={setCurrency}
              codes={currencies.map((c) => c.code)}
            />
          </SimpleGrid>
          <Select
            label="Category"
            required
            searchable
            allowDeselect={false}
            data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
            value={categoryValue}
            onChange={setCategoryId}
          />
          <Textarea
            label="Description"
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <TimePicker value={time.value} onChange={time.onChange} />
          <Group justify="flex-end" gap="xs" mt="xs" {...CLEAR_OF_TOASTS}>
            {actions}
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
