import { Grid, Select, TextInput } from '@mantine/core';
import type { EndKind, ScheduleDraft, ScheduleErrors } from '../schedule-form';
import type { Weekday } from '../schedule-rule';
import { col, END_CHOICES, INSIDE, MONTH_CHOICES, NUMERIC, pick, WEEKDAY_CHOICES, type SetField } from './form-parts';

interface Props {
  draft: ScheduleDraft;
  errors: ScheduleErrors;
  set: SetField;
}

/** What the chosen repetition needs: the day of the month, the weeks and weekday, the date of the year, or the rule as text. */
export function RepeatDetailCols({ draft, errors, set }: Props) {
  const custom = draft.repeat === 'custom';
  const day = Number(draft.day);
  return (
    <>
      {draft.repeat === 'monthly-day' && (
        <Grid.Col span={col(4)}>
          <TextInput
            label="Day of the month"
            {...NUMERIC}
            value={draft.day}
            error={errors.day}
            description={day >= 29 && day <= 31 ? 'In shorter months: the last day' : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            onChange={(e) => set('day', e.currentTarget.value)}
          />
        </Grid.Col>
      )}
      {draft.repeat === 'weekly' && (
        <>
          <Grid.Col span={col(5)}>
            <TextInput
              label="Every how many weeks"
              {...NUMERIC}
              value={draft.every}
              error={errors.every}
              onChange={(e) => set('every', e.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={col(7)}>
            <Select
              label="On"
              allowDeselect={false}
              comboboxProps={INSIDE}
              data={WEEKDAY_CHOICES}
              value={draft.weekday}
              onChange={(v) => {
                const weekday = pick<Weekday>(WEEKDAY_CHOICES, v);
                if (weekday !== undefined) set('weekday', weekday);
              }}
            />
          </Grid.Col>
        </>
      )}
      {draft.repeat === 'yearly' && (
        <>
          <Grid.Col span={{ base: 7, xs: 8 }}>
            <Select
              label="Month"
              allowDeselect={false}
              comboboxProps={INSIDE}
              data={MONTH_CHOICES}
              value={draft.month}
              error={errors.month}
              onChange={(v) => v !== null && set('month', v)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 5, xs: 4 }}>
            <TextInput
              label="Day"
              {...NUMERIC}
              value={draft.yearDay}
              error={errors.yearDay}
              onChange={(e) => set('yearDay', e.currentTarget.value)}
            />
          </Grid.Col>
        </>
      )}
      {custom && (
        <Grid.Col span={12}>
          <TextInput
            label="Rule"
            description="An RFC 5545 recurrence rule without DTSTART, e.g. FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"
            autoComplete="off"
            spellCheck={false}
            value={draft.custom}
            error={errors.rule}
            onChange={(e) => set('custom', e.currentTarget.value)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        </Grid.Col>
      )}
    </>
  );
}

/** When the schedule ends: never, on a date, or after a number of times. */
export function EndCols({ draft, errors, set }: Props) {
  return (
    <>
      <Grid.Col span={col(4)}>
        <Select
          label="Ends"
          allowDeselect={false}
          comboboxProps={INSIDE}
          data={END_CHOICES}
          value={draft.ends}
          onChange={(v) => {
            const ends = pick<EndKind>(END_CHOICES, v);
            if (ends !== undefined) set('ends', ends);
          }}
        />
      </Grid.Col>
      {draft.ends !== 'never' && (
        <Grid.Col span={col(4)}>
          {draft.ends === 'on' && (
            <TextInput
              type="date"
              label="Last day"
              required
              value={draft.endDate}
              error={errors.end}
              onChange={(e) => set('endDate', e.currentTarget.value)}
            />
          )}
          {draft.ends === 'after' && (
            <TextInput
              label="Number of times"
              {...NUMERIC}
              required
              value={draft.count}
              error={errors.count}
              onChange={(e) => set('count', e.currentTarget.value)}
            />
          )}
        </Grid.Col>
      )}
    </>
  );
}
