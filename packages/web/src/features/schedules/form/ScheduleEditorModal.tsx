import { Alert, Button, Divider, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import type { Category, Schedule, ScheduleMode } from '@kassa/contract';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { toLocalDateValue } from '../../../lib/local-time';
import { notifySuccess } from '../../../lib/notify';
import { useEntryCurrency } from '../../../shared/entry-currency';
import { useCategories, useUserCurrencies } from '../../../shared/global-data';
import { reportFailure } from '../../../shared/session';
import { categoriesFor, KIND_RULES, useExternalCategories } from '../../transactions';
import { useScheduleMutations } from '../api';
import type { SchedulePrefill } from '../../../shared/schedule-prefill';
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
import { EntryFields } from './EntryFields';
import type { SetField } from './form-parts';
import { RepeatFields } from './RepeatFields';

export interface ScheduleEditorModalProps {
  opened: boolean;
  onClose: () => void;
  /** The schedule to edit; without it the dialog adds a new one. */
  schedule?: Schedule | undefined;
  /** Starting values of a new schedule ("Make this a schedule"); ignored with `schedule`. */
  prefill?: SchedulePrefill | undefined;
}

/**
 * The schedule form in a dialog (full screen on a phone): what it posts, how it repeats, what it
 * does on its day. It adds or updates the schedule itself and shows a success toast; a refusal of
 * the server shows under the field it names, the dialog staying open.
 */
export function ScheduleEditorModal({ opened, onClose, schedule, prefill }: ScheduleEditorModalProps) {
  const phone = useMediaQuery('(max-width: 599.98px)');
  // Each opening starts a fresh form, even one during the closing fade (as the rule dialog).
  const [openings, setOpenings] = useState(opened ? 1 : 0);
  const [wasOpen, setWasOpen] = useState(opened);
  if (opened !== wasOpen) {
    setWasOpen(opened);
    if (opened) setOpenings((n) => n + 1);
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={schedule === undefined ? 'New schedule' : 'Edit schedule'}
      size="lg"
      centered
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <LoadedForm key={openings} schedule={schedule} prefill={prefill} onClose={onClose} />
    </Modal>
  );
}

type FormProps = Omit<ScheduleEditorModalProps, 'opened'>;

/** The form starts once the categories are known: a stored schedule's kind comes from its category. */
function LoadedForm(props: FormProps) {
  const categories = useCategories().data;
  const external = useExternalCategories();
  if (categories === undefined || external.isPending) return <Loader size="sm" aria-label="Loading" />;
  // External categories come apart from the others (none if they failed to load); each id once.
  const all = [...new Map([...categories, ...(external.data ?? [])].map((c) => [c.id, c])).values()];
  return <ScheduleForm {...props} categories={all} />;
}

const MODE_CHOICES: { value: ScheduleMode; label: string; description: string }[] = [
  { value: 'remind', label: 'Remind me', description: 'It waits as due until you confirm or skip it.' },
  { value: 'post', label: 'Post it automatically', description: 'Kassa records it on its day.' },
];

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

function ScheduleForm({ schedule, prefill, onClose, categories }: FormProps & { categories: Category[] }) {
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

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <EntryFields draft={shown} errors={errors} set={set} codes={codes} categories={choices} />
        <Divider label="Repetition" labelPosition="left" />
        <RepeatFields draft={shown} errors={errors} set={set} />
        <Radio.Group
          label="When its day comes"
          value={draft.mode}
          error={errors.mode}
          onChange={(v) => set('mode', v === 'post' ? 'post' : 'remind')}
        >
          <Stack gap="xs" mt={6}>
            {MODE_CHOICES.map((m) => (
              <Radio key={m.value} value={m.value} label={m.label} description={m.description} />
            ))}
          </Stack>
        </Radio.Group>
        {draft.ask && draft.mode === 'post' && (
          <Text size="sm" c="dimmed">
            Kassa can not post an amount it has to ask for: each occurrence waits as due until you confirm it.
          </Text>
        )}
        {general !== null && (
          <Alert color="red" role="alert">
            {general}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {schedule === undefined ? 'Add schedule' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
