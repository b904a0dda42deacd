import { SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, Textarea } from '@mantine/core';
import { BUSINESS_TYPES, KIND_RULES } from '../../transactions';
import type { ScheduleDraft, ScheduleErrors } from '../schedule-form';
import { EntryAmountFields } from './EntryAmountFields';
import { ENTRY_KINDS, INSIDE, type SetField } from './form-parts';

interface Props {
  draft: ScheduleDraft;
  errors: ScheduleErrors;
  set: SetField;
  /** The user's currency codes, most recently used first. */
  codes: readonly string[];
  /** The categories the draft's kind offers. */
  categories: readonly { value: string; label: string }[];
}

/** What the schedule posts: its kind, then a transaction's or a conversion's fields, and the description. */
export function EntryFields({ draft, errors, set, codes, categories }: Props) {
  const conversion = draft.kind === 'conversion';
  const rules = draft.kind === 'conversion' ? undefined : KIND_RULES[draft.kind];
  const askLabel = conversion ? 'Ask for the amounts each time' : 'Ask for the amount each time';
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Kind"
          allowDeselect={false}
          comboboxProps={INSIDE}
          data={ENTRY_KINDS}
          value={draft.kind}
          onChange={(v) => {
            const kind = ENTRY_KINDS.find((k) => k.value === v)?.value;
            if (kind !== undefined) set('kind', kind);
          }}
        />
        {!conversion && (
          <Select
            label="Category"
            required
            searchable
            allowDeselect={false}
            comboboxProps={INSIDE}
            placeholder={categories.length === 0 ? 'No active category of this kind' : 'Choose a category'}
            nothingFoundMessage="No such category"
            data={categories}
            value={draft.categoryId}
            error={errors.categoryId}
            onChange={(v) => set('categoryId', v)}
          />
        )}
      </SimpleGrid>
      {rules?.hasDirection === true && (
        <SegmentedControl
          aria-label="Direction"
          fullWidth
          value={draft.isIncome ? 'in' : 'out'}
          onChange={(v) => set('isIncome', v === 'in')}
          data={[
            { value: 'in', label: 'IN' },
            { value: 'out', label: 'OUT' },
          ]}
        />
      )}
      {draft.kind === 'business' && (
        <Select
          label="Type"
          allowDeselect={false}
          comboboxProps={INSIDE}
          data={BUSINESS_TYPES}
          value={draft.type}
          error={errors.type}
          onChange={(v) => v !== null && set('type', v)}
        />
      )}
      {conversion && codes.length < 2 && (
        <Text size="sm" c="dimmed">
          A conversion needs two currencies: add one under Manage › Currencies.
        </Text>
      )}
      <EntryAmountFields draft={draft} errors={errors} set={set} codes={codes} />
      <Switch label={askLabel} checked={draft.ask} onChange={(e) => set('ask', e.currentTarget.checked)} />
      <Textarea
        label="Description"
        rows={2}
        value={draft.description}
        error={errors.description}
        onChange={(e) => set('description', e.currentTarget.value)}
      />
    </Stack>
  );
}
