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
import english from '../../i18n/locales/en/registration.json';
import { t as texts, useT } from './i18n';

type StarterKey =
  | 'groceries'
  | 'rent'
  | 'transport'
  | 'diningOut'
  | 'utilities'
  | 'health'
  | 'clothing'
  | 'entertainment'
  | 'subscriptions'
  | 'travel'
  | 'salary'
  | 'freelance'
  | 'interest'
  | 'gifts';

/**
 * A category offered at initial data: ticked ones are made with the registration. One of the
 * usual ones has its key (`starters.names.<starter>`) and is shown and saved in the page's
 * language (`name` is its English); one the person added has the name typed.
 */
export interface StarterCategory {
  starter?: StarterKey;
  name: string;
  isIncome: boolean;
  picked: boolean;
}

/** What most households track (issue 22); "Other expense" and "Other income" come anyway. */
export const STARTER_CATEGORIES: readonly Omit<StarterCategory, 'picked'>[] = (
  [
    ['groceries', false],
    ['rent', false],
    ['transport', false],
    ['diningOut', false],
    ['utilities', false],
    ['health', false],
    ['clothing', false],
    ['entertainment', false],
    ['subscriptions', false],
    ['travel', false],
    ['salary', true],
    ['freelance', true],
    ['interest', true],
    ['gifts', true],
  ] as const
).map(([starter, isIncome]) => ({ starter, name: english.starters.names[starter], isIncome }));

/** A category's name as shown and saved: a usual one's in the current language. */
export const starterName = (c: Pick<StarterCategory, 'starter' | 'name'>) =>
  c.starter === undefined ? c.name : texts(`starters.names.${c.starter}`);

const key = (c: Pick<StarterCategory, 'starter' | 'name' | 'isIncome'>) =>
  `${String(c.isIncome)}:${starterName(c).trim().toLowerCase()}`;

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
  const { t } = useT();
  return (
    <div>
      <Text size="sm" fw={600} mb={6}>
        {legend}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} verticalSpacing={6}>
        {items.map(({ item, index }) => {
          const offered = item.starter !== undefined;
          return (
            <Group key={key(item)} gap={4} wrap="nowrap">
              <Checkbox label={starterName(item)} checked={item.picked} onChange={() => onToggle(index)} />
              {!offered && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={t('starters.remove', { name: item.name })}
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
  const { t } = useT();
  const [name, setName] = useState('');
  const [direction, setDirection] = useState<'expense' | 'income'>('expense');
  const [error, setError] = useState<string | null>(null);
  const indexed = value.map((item, index) => ({ item, index }));
  const toggle = (index: number) => onChange(value.map((c, i) => (i === index ? { ...c, picked: !c.picked } : c)));
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));
  const add = () => {
    const candidate = { name: name.trim(), isIncome: direction === 'income', picked: true };
    if (candidate.name === '') return setError(t('starters.typeName'));
    if (candidate.name.length > 100) return setError(t('starters.tooLong'));
    const reserved = ['Other expense', 'Other income'].map((n) => n.toLowerCase());
    if (value.some((c) => key(c) === key(candidate)) || reserved.includes(candidate.name.toLowerCase()))
      return setError(t('starters.duplicate', { name: candidate.name }));
    onChange([...value, candidate]);
    setName('');
    setError(null);
  };
  return (
    <Fieldset legend={t('starters.legend')} mt="lg" variant="unstyled">
      <Text size="sm" c="dimmed" mb="sm">
        {t('starters.hint')}
      </Text>
      <Stack gap="md">
        <CategoryGroup
          legend={t('starters.expense')}
          items={indexed.filter((c) => !c.item.isIncome)}
          onToggle={toggle}
          onRemove={remove}
        />
        <CategoryGroup
          legend={t('starters.income')}
          items={indexed.filter((c) => c.item.isIncome)}
          onToggle={toggle}
          onRemove={remove}
        />
      </Stack>
      <Group mt="md" align="flex-end" gap="xs">
        <TextInput
          label={t('starters.another')}
          placeholder={t('starters.example')}
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
          aria-label={t('starters.direction')}
          value={direction}
          onChange={(v) => setDirection(v === 'income' ? 'income' : 'expense')}
          data={[
            { value: 'expense', label: t('starters.expense') },
            { value: 'income', label: t('starters.income') },
          ]}
        />
        <Button variant="default" onClick={add}>
          {t('starters.add')}
        </Button>
      </Group>
    </Fieldset>
  );
}
