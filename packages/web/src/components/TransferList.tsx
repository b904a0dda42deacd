import { Badge, Group, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useT } from '../i18n';

export interface TransferOption<T extends string | number | boolean> {
  value: T;
  label: string;
}

interface Props<T extends string | number | boolean> {
  label: string;
  options: readonly TransferOption<T>[];
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  /** Caps the available list's height (it scrolls), so a panel of lists stays short. */
  maxAvailableHeight?: number;
}

/**
 * A multi-select as two lists (spec §2 filter panel): choosing an available item moves it to the
 * selected list; clicking a selected item returns it. Each chip is a toggle button (`aria-pressed`
 * says whether it is selected) whose target is 44 px high on phones (issue 22, global.css).
 */
export function TransferList<T extends string | number | boolean>({
  label,
  options,
  selected,
  onChange,
  maxAvailableHeight,
}: Props<T>) {
  const { t } = useT();
  const available = options.filter((o) => !selected.includes(o.value));
  const chosen = selected
    .map((v) => options.find((o) => o.value === v))
    .filter((o): o is TransferOption<T> => o !== undefined);
  const availableList = (
    <Group gap={4} role="group" aria-label={t('transferList.available', { label })}>
      {available.map((o) => (
        <UnstyledButton
          key={String(o.value)}
          onClick={() => onChange([...selected, o.value])}
          aria-label={t('transferList.add', { label: o.label })}
          aria-pressed={false}
          className="kassa-chip"
        >
          <Badge variant="light" color="gray" style={{ cursor: 'pointer', textTransform: 'none' }}>
            {o.label}
          </Badge>
        </UnstyledButton>
      ))}
    </Group>
  );
  return (
    <Paper withBorder p="xs" radius="sm">
      <Text size="sm" fw={600} mb={4}>
        {label}
      </Text>
      <Stack gap={6}>
        <Group gap={4} role="group" aria-label={t('transferList.selected', { label })} mih={22}>
          {chosen.length === 0 && (
            <Text size="xs" c="dimmed">
              {t('transferList.none')}
            </Text>
          )}
          {chosen.map((o) => (
            <UnstyledButton
              key={String(o.value)}
              onClick={() => onChange(selected.filter((v) => v !== o.value))}
              aria-label={t('transferList.remove', { label: o.label })}
              aria-pressed
              className="kassa-chip"
            >
              <Badge variant="filled" style={{ cursor: 'pointer', textTransform: 'none' }}>
                {o.label} ×
              </Badge>
            </UnstyledButton>
          ))}
        </Group>
        {maxAvailableHeight === undefined ? (
          availableList
        ) : (
          <ScrollArea.Autosize mah={maxAvailableHeight} type="auto" offsetScrollbars>
            {availableList}
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
}
