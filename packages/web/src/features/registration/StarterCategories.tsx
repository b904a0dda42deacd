import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';

/** A category offered at initial data: ticked ones are made with the registration. */
export interface StarterCategory {
  name: string;
  isIncome: boolean;
  picked: boolean;
}

/** What most households track (issue 22); "Other expense" and "Other income" come anyway. */
export const STARTER_CATEGORIES: readonly Omit<StarterCategory, 'picked'>[] = [
  { name: 'Groceries', isIncome: false },
  { name: 'Rent', isIncome: false },
  { name: 'Transport', isIncome: false },
  { name: 'Dining out', isIncome: false },
  { name: 'Utilities', isIncome: false },
  { name: 'Health', isIncome: false },
  { name: 'Clothing', isIncome: false },
  { name: 'Entertainment', isIncome: false },
  { name: 'Subscriptions', isIncome: false },
  { name: 'Travel', isIncome: false },
  { name: 'Salary', isIncome: true },
  { name: 'Freelance', isIncome: true },
  { name: 'Interest', isIncome: true },
  { name: 'Gifts received', isIncome: true },
];

const key = (c: { name: string; isIncome: boolean }) => `${String(c.isIncome)}:${c.name.trim().toLowerCase()}`;

function CategoryGroup({
  legend,
  items,
  onToggle,
  onRemove,
}: {
  legend: string;
  items: { item: StarterCategory; index: number }[];
  onToggle: (index: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <div>
      <Text size="sm" fw={600} mb={6}>
        {legend}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} verticalSpacing={6}>
        {items.map(({ item, index }) => {
          const offered = STARTER_CATEGORIES.some((c) => key(c) === key(item));
          return (
            <Group key={key(item)} gap={4} wrap="nowrap">
              <Checkbox label={item.name} checked={item.picked} onChange={() => onToggle(index)} />
              {!offered && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Remove ${item.name}`}
                  onClick={() => onRemove(index)}
                >
                  <IconX size={14} />
                </ActionIcon>
              )}
            </Group>
          );
        })}
      </SimpleGrid>
    </div>
  );
}

/**
 * The starter categories of initial data: the usual ones, all ticked, and a line to add one's
 * own. "Other expense" and "Other income" always exist; categories can be changed later in Manage.
 */
export function StarterCategories({
  value,
  onChange,
}: {
  value: StarterCategory[];
  onChange: (next: StarterCategory[]) => void;
}) {
  const [name, setName] = useState('');
  const [direction, setDirection] = useState<'expense' | 'income'>('expense');
  const [error, setError] = useState<string | null>(null);
  const indexed = value.map((item, index) => ({ item, index }));
  const toggle = (index: number) => onChange(value.map((c, i) => (i === index ? { ...c, picked: !c.picked } : c)));
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));
  const add = () => {
    const candidate = { name: name.trim(), isIncome: direction === 'income', picked: true };
    if (candidate.name === '') return setError('Type a name first');
    if (candidate.name.length > 100) return setError('At most 100 characters');
    const reserved = ['Other expense', 'Other income'].map((n) => n.toLowerCase());
    if (value.some((c) => key(c) === key(candidate)) || reserved.includes(candidate.name.toLowerCase()))
      return setError(`${candidate.name} is already in the list`);
    onChange([...value, candidate]);
    setName('');
    setError(null);
  };
  return (
    <Fieldset legend="Starter categories" mt="lg" variant="unstyled">
      <Text size="sm" c="dimmed" mb="sm">
        Untick what you do not need; you can rename, add or remove categories later in Manage.
      </Text>
      <Stack gap="md">
        <CategoryGroup
          legend="Expense"
          items={indexed.filter((c) => !c.item.isIncome)}
          onToggle={toggle}
          onRemove={remove}
        />
        <CategoryGroup
          legend="Income"
          items={indexed.filter((c) => c.item.isIncome)}
          onToggle={toggle}
          onRemove={remove}
        />
      </Stack>
      <Group mt="md" align="flex-end" gap="xs">
        <TextInput
          label="Another category"
          placeholder="e.g. Pets"
          value={name}
          error={error}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            // Enter adds the category rather than submitting the whole form.
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          style={{ flex: '1 1 10rem' }}
        />
        <SegmentedControl
          aria-label="Direction of the new category"
          value={direction}
          onChange={(v) => setDirection(v === 'income' ? 'income' : 'expense')}
          data={[
            { value: 'expense', label: 'Expense' },
            { value: 'income', label: 'Income' },
          ]}
        />
        <Button variant="default" onClick={add}>
          Add
        </Button>
      </Group>
    </Fieldset>
  );
}
