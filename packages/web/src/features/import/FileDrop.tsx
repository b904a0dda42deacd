import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import { formatNumber } from '../../lib/display-format';

/** "1.2 MB": a file's size for people. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, 1)} kB`;
  return `${formatNumber(bytes / 1024 / 1024, 1)} MB`;
}

/**
 * Where a bank file is dropped or picked: a dashed area that takes a dragged file, with a button
 * opening the browser's file chooser. `file` is the one picked, shown by name and size.
 */
export function FileDrop({ file, onFile }: { file: File | null; onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (files: FileList | null | undefined) => {
    const picked = files?.[0];
    if (picked !== undefined) onFile(picked);
  };
  const dragging = (e: DragEvent, on: boolean) => {
    e.preventDefault();
    setOver(on);
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={file === null ? 'lg' : 'sm'}
      data-dropzone
      data-over={over || undefined}
      onDragEnter={(e) => dragging(e, true)}
      onDragOver={(e) => dragging(e, true)}
      onDragLeave={(e) => dragging(e, false)}
      onDrop={(e) => {
        dragging(e, false);
        take(e.dataTransfer.files);
      }}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
        background: over ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      {/* The chooser's own input stays hidden; the button is what people and screen readers use. */}
      <input
        ref={input}
        type="file"
        hidden
        aria-hidden
        tabIndex={-1}
        onChange={(e) => {
          take(e.currentTarget.files);
          e.currentTarget.value = ''; // so the same file can be picked again
        }}
      />
      {file === null ? (
        <Stack align="center" gap="xs" ta="center">
          <IconFileUpload size={36} stroke={1.3} aria-hidden />
          <Text fw={500}>Drop your bank’s file here</Text>
          <Button onClick={() => input.current?.click()}>Choose a file</Button>
          <Text size="xs" c="dimmed">
            CSV, OFX, QIF, CAMT.052 / CAMT.053 or MT940, up to 50 MB. Nothing is booked before you press Import.
          </Text>
        </Stack>
      ) : (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: '1 1 12rem' }}>
            <IconFileUpload size={22} stroke={1.5} aria-hidden />
            <div style={{ minWidth: 0 }}>
              <Text fw={500} truncate data-file-name>
                {file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {sizeText(file.size)} · drop another file here to replace it
              </Text>
            </div>
          </Group>
          <Button variant="default" size="xs" onClick={() => input.current?.click()}>
            Choose another file
          </Button>
        </Group>
      )}
    </Paper>
  );
}
