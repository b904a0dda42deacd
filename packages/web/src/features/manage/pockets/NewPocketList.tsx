import { ActionIcon, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useT } from '../i18n';

/** A pocket being added, before it is saved; `key` keeps React rows stable while others are removed. */
export interface DraftPocket {
  key: number;
  name: string;
  isCash: boolean;
}

let nextKey = 1;
/** A new draft row with a unique key. */
export const draftPocket = (name = '', isCash = false): DraftPocket => ({ key: nextKey++, name, isCash });

interface Props {
  pockets: readonly DraftPocket[];
  onChange: (pockets: DraftPocket[]) => void;
  /** Shows "is required" on empty names once the user tried to save. */
  showErrors: boolean;
}

/** Spec §4/§5: new pockets, each with a name and 'Is cash?', removable before saving. */
export function NewPocketList({ pockets, onChange, showErrors }: Props) {
  const { t } = useT();
  const set = (key: number, change: Partial<DraftPocket>) =>
    onChange(pockets.map((p) => (p.key === key ? { ...p, ...change } : p)));
  return (
    <Stack gap="xs">
      {pockets.map((p, i) => (
        <Group key={p.key} gap="sm" align="flex-start" wrap="nowrap" data-testid="new-pocket">
          <TextInput
            style={{ flex: 1 }}
            aria-label={t('pocket.newName', { number: i + 1 })}
            placeholder={t('pocket.namePlaceholder')}
            maxLength={100}
            value={p.name}
            error={showErrors && p.name.trim() === '' ? t('nameRequired') : null}
            onChange={(e) => set(p.key, { name: e.currentTarget.value })}
          />
          <Checkbox
            mt={8}
            label={t('pocket.isCash')}
            checked={p.isCash}
            onChange={(e) => set(p.key, { isCash: e.currentTarget.checked })}
          />
          <ActionIcon
            mt={4}
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('pocket.removeNew', { number: i + 1 })}
            onClick={() => onChange(pockets.filter((q) => q.key !== p.key))}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...pockets, draftPocket()])}
        >
          {t('pocket.addAnother')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Whether every draft has a name (the server would refuse an empty one). */
export const draftsValid = (pockets: readonly DraftPocket[]) => pockets.every((p) => p.name.trim() !== '');
