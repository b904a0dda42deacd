import { Grid, Select, TextInput } from '@mantine/core';
import type { WeekendRule } from '@kassa/contract';
import type { RepeatKind, ScheduleDraft, ScheduleErrors } from '../schedule-form';
import { col, INSIDE, pick, REPEAT_CHOICES, WEEKEND_CHOICES, type SetField } from './form-parts';
import { EndCols, RepeatDetailCols } from './RepeatCols';

interface Props {
  draft: ScheduleDraft;
  errors: ScheduleErrors;
  set: SetField;
}

/**
 * How the schedule repeats, in plain terms, from which day, until when, and what a weekend does to
 * it; two or three fields a row from the xs breakpoint, one a row on a phone.
 */
export function RepeatFields({ draft, errors, set }: Props) {
  const custom = draft.repeat === 'custom';
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
      <RepeatDetailCols draft={draft} errors={errors} set={set} />
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
      <EndCols draft={draft} errors={errors} set={set} />
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
