import { Button, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Schedule, UpcomingItem } from '@kassa/contract';
import { IconPlus } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCategories } from '../../shared/global-data';
import { useSchedules, useUpcoming } from './api';
import { UpcomingRow } from './due/UpcomingRow';
import { useOccurrenceDialog } from './due/use-occurrence-dialog';
import { entryDetail, entryName } from './entry-text';
import { ScheduleEditorModal } from './form/ScheduleEditorModal';
import { prefillOf } from '../../shared/schedule-prefill';
import { ScheduleTable } from './ScheduleTable';

const TITLE = 'Schedules';

/**
 * manage/schedules: the occurrences due now (Confirm, Skip, Edit), then every schedule with what
 * it posts, how it repeats, its next day and mode; Add new and Edit open the schedule dialog,
 * Delete asks first. "Make this a schedule" arrives here with the new form open and prefilled
 * (`?new=…`, see prefill.ts).
 */
export function SchedulesTab() {
  const schedules = useSchedules();
  const upcoming = useUpcoming().data;
  const categories = new Map((useCategories().data ?? []).map((c) => [c.id, c]));
  const [params, setParams] = useSearchParams();
  const prefill = prefillOf(params);
  // The dialog, and the schedule it edits (none: a new one); kept while the dialog fades out.
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<Schedule | undefined>(undefined);
  const openEditor = (schedule: Schedule | undefined) => {
    setTarget(schedule);
    setOpen(true);
  };
  const closeEditor = () => {
    setOpen(false);
    if (params.has('new')) setParams({}, { replace: true });
  };
  const nameOf = (item: UpcomingItem) => entryName(item.payload, categories);
  const occurrence = useOccurrenceDialog(nameOf);
  const due = (upcoming?.items ?? []).filter((i) => i.due);

  return (
    <Stack gap="md">
      {due.length > 0 && (
        <Card withBorder radius="md" padding="md" data-testid="due-card">
          <Title order={2} size="h4" mb="xs">
            Due now
          </Title>
          <Stack gap="sm">
            {due.map((item, i) => (
              <Fragment key={`${item.scheduleId}-${item.occurrence}`}>
                {i > 0 && <Divider />}
                <UpcomingRow
                  item={item}
                  name={nameOf(item)}
                  detail={entryDetail(item.payload, categories)}
                  withBalances={false}
                  onEdit={occurrence.edit}
                />
              </Fragment>
            ))}
          </Stack>
        </Card>
      )}
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb="xs" wrap="nowrap">
          <Title order={2} size="h4">
            {TITLE}
          </Title>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => openEditor(undefined)}>
            Add new
          </Button>
        </Group>
        <Text size="sm" c="dimmed" mb="xs">
          Transactions and conversions that repeat: each one posts itself on its day, or waits as due until you confirm
          or skip it.
        </Text>
        {schedules.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading" />
        ) : (
          <ScheduleTable
            title={TITLE}
            schedules={schedules.data ?? []}
            categories={categories}
            onEdit={(s) => openEditor(s)}
          />
        )}
      </Card>
      <ScheduleEditorModal
        opened={open || prefill !== undefined}
        schedule={prefill === undefined ? target : undefined}
        prefill={prefill}
        onClose={closeEditor}
      />
      {occurrence.dialog}
    </Stack>
  );
}
