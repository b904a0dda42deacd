import { Button, Card, NumberInput, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  choiceOf,
  DELIMITERS,
  ENCODINGS,
  FORMATS,
  keyOf,
  type Choice,
  type FirstReadSettings as Settings,
} from './settings';

const DETECT = 'detect';

/** A select whose first choice leaves the field to detection. */
function DetectableSelect<T>({
  label,
  list,
  value,
  onPick,
}: {
  label: string;
  list: readonly Choice<T>[];
  value: T | undefined;
  onPick: (value: T | undefined) => void;
}) {
  return (
    <Select
      label={label}
      data={[{ value: DETECT, label: 'Detect from the file' }, ...list.map((c) => ({ value: c.key, label: c.label }))]}
      value={value === undefined ? DETECT : keyOf(list, value)}
      allowDeselect={false}
      onChange={(key) => onPick(key === DETECT ? undefined : choiceOf(list, key))}
    />
  );
}

/**
 * The file settings when no read of this file has worked yet (a pocket's saved settings that do
 * not fit it, a file whose layout detection misses): what the user knows, the rest detected, and
 * never the pocket's saved settings. Without it a failed first read was a dead end (issue 32).
 */
export function FirstReadSettings({ onRead }: { onRead: (settings: Settings) => void }) {
  const [settings, setSettings] = useState<Settings>({});
  const set = (change: Settings) => setSettings((s) => ({ ...s, ...change }));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="import-first-read-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="import-first-read-title">
            File settings
          </Title>
          <Text size="sm" c="dimmed">
            Set what you know of the file and read it again. What you leave on “Detect” is found from the file; the
            pocket’s saved settings are not used.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          <DetectableSelect
            label="Format"
            list={FORMATS}
            value={settings.format}
            onPick={(format) => set({ format })}
          />
          <DetectableSelect
            label="Encoding"
            list={ENCODINGS}
            value={settings.encoding}
            onPick={(encoding) => set({ encoding })}
          />
          <DetectableSelect
            label="Delimiter"
            list={DELIMITERS}
            value={settings.delimiter}
            onPick={(delimiter) => set({ delimiter })}
          />
          <NumberInput
            label="Title lines to skip"
            placeholder="Detect"
            min={0}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            value={settings.skipLines ?? ''}
            onChange={(v) => set({ skipLines: typeof v === 'number' ? v : undefined })}
          />
        </SimpleGrid>
        <div>
          <Button onClick={() => onRead(settings)}>Read the file again</Button>
        </div>
      </Stack>
    </Card>
  );
}
