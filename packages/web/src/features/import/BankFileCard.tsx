import { Card, Select, Stack, Text, Title } from '@mantine/core';
import type { Pocket } from '@kassa/contract';
import { useMemo, type ReactNode } from 'react';
import { FileDrop } from './FileDrop';

/** The first step: the pocket the statement belongs to, and the file. */
export function BankFileCard({
  pockets,
  pocketId,
  onPocket,
  file,
  onFile,
  children,
}: {
  pockets: readonly Pocket[] | undefined;
  pocketId: number | null;
  onPocket: (id: number | null) => void;
  file: File | null;
  onFile: (file: File) => void;
  /** How the read goes, until one of this file works. */
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="import-file-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="import-file-title">
            Bank file
          </Title>
          <Text size="sm" c="dimmed">
            Choose the pocket the statement belongs to, then the file your bank gave you.
          </Text>
        </div>
        <PocketPicker pockets={pockets} value={pocketId} onChange={onPocket} />
        <FileDrop file={file} onFile={onFile} />
        {children}
      </Stack>
    </Card>
  );
}

/** The pockets by currency; the only one is chosen by itself. */
function PocketPicker({
  pockets,
  value,
  onChange,
}: {
  pockets: readonly Pocket[] | undefined;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const data = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const p of pockets ?? []) {
      const items = groups.get(p.currency) ?? [];
      items.push({ value: String(p.pocketId), label: `${p.name} (${p.currency})` });
      groups.set(p.currency, items);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [pockets]);
  return (
    <Select
      label="Pocket"
      placeholder="As the file says (its account or currency)"
      data={data}
      value={value === null ? null : String(value)}
      clearable
      searchable
      nothingFoundMessage="No such pocket"
      maw={420}
      onChange={(v) => onChange(v === null ? null : Number(v))}
    />
  );
}
