import type { ConfirmOccurrenceBody, UpcomingItem } from '@kassa/contract';
import { dayFromIso } from '@kassa/money';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { fieldMessage } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notify';
import { reportFailure } from '../../../shared/session';
import { useOccurrenceActions } from '../api';

type Field = 'amount' | 'fromAmount' | 'toAmount' | 'description' | 'date';
const FIELDS: readonly Field[] = ['amount', 'fromAmount', 'toAmount', 'description', 'date'];
const text = (v: number | null) => (v === null ? '' : String(v));

/**
 * The occurrence form's values (as scheduled to begin with), each field's message and the form's
 * own, and `submit`, which checks the amounts and the day and confirms the occurrence with what
 * differs from the schedule; then `onClose`.
 */
export function useOccurrenceForm(item: UpcomingItem, onClose: () => void) {
  const { confirm } = useOccurrenceActions();
  const p = item.payload;
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

  return { values, errors, general, set, submit, pending: confirm.isPending };
}
