import { Alert, Button, Divider, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import type { Category, Schedule, ScheduleMode } from '@kassa/contract';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useCategories } from '../../../shared/global-data';
import { useExternalCategories } from '../../transactions';
import type { SchedulePrefill } from '../../../shared/schedule-prefill';
import { EntryFields } from './EntryFields';
import { RepeatFields } from './RepeatFields';
import { useScheduleForm } from './use-schedule-form';

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
  if (categories === undefined || external.isPending) return <Loader size="sm" role="status" aria-label="Loading" />;
  // External categories come apart from the others (none if they failed to load); each id once.
  const all = [...new Map([...categories, ...(external.data ?? [])].map((c) => [c.id, c])).values()];
  return <ScheduleForm {...props} categories={all} />;
}

const MODE_CHOICES: { value: ScheduleMode; label: string; description: string }[] = [
  { value: 'remind', label: 'Remind me', description: 'It waits as due until you confirm or skip it.' },
  { value: 'post', label: 'Post it automatically', description: 'Kassa records it on its day.' },
];

/** What the schedule posts, how it repeats and what it does on its day, with Cancel and Save. */
function ScheduleForm({ schedule, prefill, onClose, categories }: FormProps & { categories: Category[] }) {
  const { draft, shown, choices, codes, set, errors, general, saving, submit } = useScheduleForm({
    schedule,
    prefill,
    onClose,
    categories,
  });

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
