import type { Category, Schedule } from '@kassa/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { toLocalDateValue } from '../../../lib/local-time';
import { notifySuccess } from '../../../lib/notify';
import { useEntryCurrency } from '../../../shared/entry-currency';
import { useUserCurrencies } from '../../../shared/global-data';
import type { SchedulePrefill } from '../../../shared/schedule-prefill';
import { reportFailure } from '../../../shared/session';
import { categoriesFor, KIND_RULES } from '../../transactions';
import { useScheduleMutations } from '../api';
import {
  checkDraft,
  draftOf,
  newDraft,
  repeatFieldsFor,
  serverError,
  type ScheduleDraft,
  type ScheduleErrors,
  type ScheduleField,
} from '../schedule-form';
import type { SetField } from './form-parts';

/** The fields whose messages go when a field changes (beside the field itself). */
const CLEARS: Partial<Record<keyof ScheduleDraft, readonly ScheduleField[]>> = {
  kind: ['amount', 'currency', 'categoryId', 'fromAmount', 'fromCurrency', 'toAmount', 'toCurrency', 'type'],
  ask: ['amount', 'fromAmount', 'toAmount'],
  repeat: ['rule', 'day', 'every', 'month', 'yearDay', 'count'],
  custom: ['rule'],
  yearDay: ['rule'],
  month: ['yearDay', 'rule'],
  day: ['rule'],
  every: ['rule'],
  ends: ['end', 'count'],
  endDate: ['end'],
  start: ['end'],
};

/** The draft as the form shows and sends it, with the category choices of its kind. */
function shownDraft(
  draft: ScheduleDraft,
  categories: readonly Category[],
  entryCurrency: string | null,
  codes: readonly string[],
) {
  // The kind's categories (an edited schedule keeps its own, even inactive); until the user picks,
  // the most recently used category and the main currency (issue 32; a conversion to the most
  // recently used other one) are preselected, as on the add form.
  const offered = draft.kind === 'conversion' ? [] : categoriesFor(draft.kind, categories);
  const own = categories.find((c) => String(c.id) === draft.categoryId);
  const choices = [...(own !== undefined && !offered.includes(own) ? [own] : []), ...offered].map((c) => ({
    value: String(c.id),
    label: c.isActive ? c.name : `${c.name} (inactive)`,
  }));
  const fromCurrency = draft.fromCurrency ?? entryCurrency;
  const shown: ScheduleDraft = {
    ...draft,
    categoryId: draft.categoryId ?? choices[0]?.value ?? null,
    currency: draft.currency ?? entryCurrency,
    fromCurrency,
    toCurrency: draft.toCurrency ?? codes.find((c) => c !== fromCurrency) ?? null,
  };
  return { shown, choices };
}

interface ScheduleFormProps {
  /** The schedule to edit; without it the form adds a new one. */
  schedule?: Schedule | undefined;
  /** Starting values of a new schedule; ignored with `schedule`. */
  prefill?: SchedulePrefill | undefined;
  onClose: () => void;
  /** Every category, external ones too. */
  categories: Category[];
}

/**
 * The schedule form's state: the draft (`shown` with the preselections), each field's message and
 * the form's own, and `submit`, which checks the draft, adds or updates the schedule and closes.
 */
export function useScheduleForm({ schedule, prefill, onClose, categories }: ScheduleFormProps) {
  const { add, update } = useScheduleMutations();
  const codes = (useUserCurrencies().data ?? []).map((c) => c.code);
  const entryCurrency = useEntryCurrency();
  const [draft, setDraft] = useState<ScheduleDraft>(() =>
    schedule === undefined
      ? newDraft(toLocalDateValue(new Date()), prefill, categories)
      : draftOf(schedule, categories),
  );
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  // A new schedule's day, weekday and date follow its start until the user sets them.
  const [repeatSet, setRepeatSet] = useState(schedule !== undefined);
  const saving = add.isPending || update.isPending;

  const set: SetField = (key, value) => {
    setDraft((d) => {
      const next = { ...d, [key]: value };
      if (key === 'kind' && next.kind !== d.kind) {
        next.categoryId = null;
        if (next.kind !== 'conversion') next.isIncome = KIND_RULES[next.kind].defaultIncome;
      }
      if (key === 'start' && !repeatSet && typeof value === 'string') Object.assign(next, repeatFieldsFor(value));
      return next;
    });
    if (key === 'day' || key === 'weekday' || key === 'month' || key === 'yearDay') setRepeatSet(true);
    setErrors((e) => {
      const cleared: ScheduleErrors = { ...e, [key]: undefined };
      for (const f of CLEARS[key] ?? []) cleared[f] = undefined;
      return cleared;
    });
  };

  const { shown, choices } = shownDraft(draft, categories, entryCurrency, codes);

  const submit = () => {
    setGeneral(null);
    const checked = checkDraft(shown);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const done = () => {
      notifySuccess(schedule === undefined ? 'Schedule added' : 'Schedule saved');
      onClose();
    };
    // The server's refusal (400, or 404 naming a category or currency gone meanwhile) shows in the
    // form, which keeps what was typed; anything else (no connection, session over) the usual way.
    const failed = (err: unknown) => {
      const refused = err instanceof ApiError && (err.status === 400 || err.status === 404) ? err.body : undefined;
      if (refused === undefined) {
        reportFailure(err);
        return;
      }
      const { field, text } = serverError(refused.message);
      if (field === null) setGeneral(text);
      else setErrors({ [field]: text });
    };
    if (schedule === undefined) add.mutate(checked.body, { onSuccess: done, onError: failed });
    else update.mutate({ ...checked.body, id: schedule.id }, { onSuccess: done, onError: failed });
  };

  return { draft, shown, choices, codes, set, errors, general, saving, submit };
}
