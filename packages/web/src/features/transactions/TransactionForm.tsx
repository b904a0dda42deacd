import { Anchor, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import type { BusinessType, Transaction, TransactionBody } from '@kassa/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AmountInput } from '../../components/AmountInput';
import { CurrencyPicker } from '../../components/CurrencyPicker';
import { TimePicker } from '../../components/TimePicker';
import { CLEAR_OF_TOASTS } from '../../lib/notify';
import { useDebouncedAction } from '../../lib/use-debounced-action';
import { SplitFields } from './SplitFields';
import { BUSINESS_TYPES, KIND_RULES, type TransactionKind } from './kinds';
import { useT } from './i18n';
import { useFormKeys } from './use-form-keys';
import { useTransactionDraft } from './use-transaction-draft';

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

/**
 * Amount, currency, category, direction or business type, description and time for one kind; in a
 * shared book an expense's split too.
 */
export function TransactionForm({ kind, initial, onSubmit, resetAfterSave, disabled, actions }: Props) {
  const { t } = useT();
  const rules = KIND_RULES[kind];
  const draft = useTransactionDraft(kind, initial, onSubmit, resetAfterSave);
  const { categories, currencyValue, categoryValue, time } = draft;

  const save = useDebouncedAction(draft.submit);
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
          {kind === 'loan' ? t('add.enableLoan') : t('add.enableBusiness')}
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
          <KindFields
            kind={kind}
            isIncome={draft.isIncome}
            setIsIncome={draft.setIsIncome}
            type={draft.type}
            setType={draft.setType}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <AmountInput
              ref={amountRef}
              required
              value={draft.amount}
              onChange={draft.setAmount}
              currency={currencyValue}
              data-autofocus
            />
            <CurrencyPicker required value={currencyValue} onChange={draft.setCurrency} codes={draft.codes} />
          </SimpleGrid>
          <Select
            label={t('form.category')}
            required
            searchable
            allowDeselect={false}
            data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
            value={categoryValue}
            onChange={draft.setCategoryId}
          />
          <Textarea
            label={t('form.description')}
            rows={3}
            value={draft.description}
            onChange={(e) => draft.setDescription(e.currentTarget.value)}
          />
          <TimePicker value={time.value} onChange={time.onChange} />
          <SplitFields split={draft.split} />
          <Group justify="flex-end" gap="xs" mt="xs" {...CLEAR_OF_TOASTS}>
            {actions}
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}

/** The direction of a kind that has one, and a business entry's type. */
function KindFields({
  kind,
  isIncome,
  setIsIncome,
  type,
  setType,
}: {
  kind: TransactionKind;
  isIncome: boolean;
  setIsIncome: (isIncome: boolean) => void;
  type: BusinessType;
  setType: (type: BusinessType) => void;
}) {
  const { t } = useT();
  const rules = KIND_RULES[kind];
  return (
    <>
      {rules.hasDirection && (
        <SegmentedControl
          aria-label={t('form.direction')}
          value={isIncome ? 'in' : 'out'}
          onChange={(v) => setIsIncome(v === 'in')}
          data={[
            { value: 'in', label: t('form.in') },
            { value: 'out', label: t('form.out') },
          ]}
          fullWidth
        />
      )}
      {kind === 'business' && (
        <Select
          label={t('form.type')}
          allowDeselect={false}
          data={BUSINESS_TYPES}
          value={type}
          onChange={(v) => v !== null && setType(v)}
        />
      )}
    </>
  );
}
