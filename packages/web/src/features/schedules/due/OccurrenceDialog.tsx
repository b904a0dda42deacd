import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { ConfirmOccurrenceBody, UpcomingItem } from '@kassa/contract';
import { dayFromIso } from '@kassa/money';
import { useState } from 'react';
import { AmountInput } from '../../../components/AmountInput';
import { ApiError } from '../../../lib/api';
import { fieldMessage } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notify';
import { reportFailure } from '../../../shared/session';
import { useOccurrenceActions } from '../api';
import { asksEachTime, dateText } from '../entry-text';

interface Props {
  opened: boolean;
  /** The occurrence to confirm (kept while the dialog fades out). */
  item: UpcomingItem | null;
  /** The entry's name, for the title. */
  name: string;
  onClose: () => void;
}

/**
 * Confirm one occurrence with changes for this posting only: its amount(s) (required when the
 * schedule asks each time), description and posting day. Mounted with the occurrence as key.
 */
export function OccurrenceDialog({ opened, item, name, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Confirm ${name}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {item !== null && <OccurrenceForm key={`${item.scheduleId}-${item.occurrence}`} item={item} onClose={onClose} />}
    </Modal>
  );
}

type Field = 'amount' | 'fromAmount' | 'toAmount' | 'description' | 'date';
const FIELDS: readonly Field[] = ['amount', 'fromAmount', 'toAmount', 'description', 'date'];
const text = (v: number | null) => (v === null ? '' : String(v));

function OccurrenceForm({ item, onClose }: { item: UpcomingItem; onClose: () => void }) {
  const { confirm } = useOccurrenceActions();
  const p = item.payload;
  const ask = asksEachTime(p);
  const [values, setValues] = useState<Record<Field, string>>({
    amount: p.kind === 'transaction' ? text(p.amount) : '',
    fromAmount: p.kind === 'conversion' ? text(p.fromAmount) : '',
    toAmount: p.kind === 'conversion' ? text(p.toAmount) : '',
    description: p.description,
    date: item.date,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = () => {
    setGeneral(null);
    const found: Partial<Record<Field, string>> = {};
    const amounts: Field[] = p.kind === 'conversion' ? ['fromAmount', 'toAmount'] : ['amount'];
    for (const f of amounts) if (values[f].trim() === '') found[f] = 'Enter an amount';
    if (dayFromIso(values.date) === undefined) found.date = 'Enter a day, e.g. 2026-12-01';
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    // Only what differs from the schedule goes: the rest is the occurrence as scheduled.
    const body: ConfirmOccurrenceBody = { occurrence: item.occurrence };
    const changed = (field: Field, stored: number | null) =>
      values[field].trim() === text(stored) ? undefined : values[field].trim();
    if (p.kind === 'transaction') body.amount = changed('amount', p.amount);
    else {
      body.fromAmount = changed('fromAmount', p.fromAmount);
      body.toAmount = changed('toAmount', p.toAmount);
    }
    if (values.description !== p.description) body.description = values.description;
    if (values.date !== item.date) body.date = values.date;
    void confirm.mutateAsync({ id: item.scheduleId, body }).then(
      (posted) => {
        notifySuccess(posted.kind === 'conversion' ? 'Conversion added' : 'Transaction added');
        onClose();
      },
      (err: unknown) => {
        // A 400 names its field; a 409 (posted or skipped meanwhile) and the rest are toasts.
        if (!(err instanceof ApiError && err.status === 400 && err.body !== undefined)) {
          reportFailure(err);
          if (err instanceof ApiError && err.status === 409) onClose();
          return;
        }
        const { field, text: message } = fieldMessage(err.body.message, FIELDS);
        if (field === null) setGeneral(message);
        else setErrors({ [field]: message });
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {ask
            ? 'This schedule asks for the amount each time. The changes apply to this posting only.'
            : `Scheduled for ${dateText(item.date)} Changes apply to this posting only.`}
        </Text>
        {p.kind === 'conversion' ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <AmountInput
              label={`From amount (${p.fromCurrency})`}
              required
              data-autofocus
              value={values.fromAmount}
              error={errors.fromAmount}
              onChange={(v) => set('fromAmount', v)}
            />
            <AmountInput
              label={`To amount (${p.toCurrency})`}
              required
              value={values.toAmount}
              error={errors.toAmount}
              onChange={(v) => set('toAmount', v)}
            />
          </SimpleGrid>
        ) : (
          <AmountInput
            label={`Amount (${p.currency})`}
            required
            data-autofocus
            value={values.amount}
            error={errors.amount}
            onChange={(v) => set('amount', v)}
          />
        )}
        <Textarea
          label="Description"
          rows={2}
          value={values.description}
          error={errors.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="Day"
          required
          value={values.date}
          error={errors.date}
          onChange={(e) => set('date', e.currentTarget.value)}
        />
        {general !== null && (
          <Alert color="red" role="alert">
            {general}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={confirm.isPending}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
