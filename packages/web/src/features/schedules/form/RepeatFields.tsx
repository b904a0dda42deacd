import { Grid, Select, TextInput } from '@mantine/core';
import type { WeekendRule } from '@kassa/contract';
import type { EndKind, RepeatKind, ScheduleDraft, ScheduleErrors } from '../schedule-form';
import type { Weekday } from '../schedule-rule';
import {
  END_CHOICES,
  INSIDE,
  MONTH_CHOICES,
  REPEAT_CHOICES,
  WEEKDAY_CHOICES,
  WEEKEND_CHOICES,
  type SetField,
} from './form-parts';

interface Props {
  draft: ScheduleDraft;
  errors: ScheduleErrors;
  set: SetField;
}

const pick = <T extends string>(choices: readonly { value: T }[], v: string | null): T | undefined =>
  choices.find((c) => c.value === v)?.value;

/** A column: the whole width on a phone, `span` twelfths from the xs breakpoint. */
const col = (span: number) => ({ base: 12, xs: span });

/**
 * How the schedule repeats, in plain terms, from which day, until when, and what a weekend does to
 * it; two or three fields a row from the xs breakpoint, one a row on a phone.
 */
export function RepeatFields({ draft, errors, set }: Props) {
  const custom = draft.repeat === 'custom';
  const day = Number(draft.day);
  const numeric = { inputMode: 'numeric', autoComplete: 'off' } as const;
  return (
    <Grid gap="sm">
      <Grid.Col span={col(draft.repeat === 'monthly-day' ? 8 : 12)}>
        <Select
          label="Repeats"
          allowDeselect={false}
          comboboxProps={INSIDE}
          data={REPEAT_CHOICES}
          value={draft.repeat}
          // A rule the server refuses is named under the choice, or under the rule typed as text.
          error={custom ? undefined : errors.rule}
          onChange={(v) => {
            const repeat = pick<RepeatKind>(REPEAT_CHOICES, v);
            if (repeat !== undefined) set('repeat', repeat);
          }}
        />
      </Grid.Col>
      {draft.repeat === 'monthly-day' && (
        <Grid.Col span={col(4)}>
          <TextInput
            label="Day of the month"
            {...numeric}
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
              {...numeric}
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
              {...numeric}
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
      <Grid.Col span={col(4)}>
        <TextInput
          type="date"
          label="Starts on"
          required
          value={draft.start}
          error={errors.start}
          onChange={(e) => set('start', e.currentTarget.value)}
        />
      </Grid.Col>
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
              {...numeric}
              required
              value={draft.count}
              error={errors.count}
              onChange={(e) => set('count', e.currentTarget.value)}
            />
          )}
        </Grid.Col>
      )}
      <Grid.Col span={col(8)}>
        <Select
          label="On a Saturday or Sunday"
          allowDeselect={false}
          comboboxProps={INSIDE}
          data={WEEKEND_CHOICES}
          value={draft.weekend}
          error={errors.weekend}
          onChange={(v) => {
            const weekend = pick<WeekendRule>(WEEKEND_CHOICES, v);
            if (weekend !== undefined) set('weekend', weekend);
          }}
        />
      </Grid.Col>
    </Grid>
  );
}
