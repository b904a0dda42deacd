import { Group, Progress, Stack, Text } from '@mantine/core';
import type { PreviewPhase } from './api';
import { sizeText } from './FileDrop';
import { count } from './texts';

/** "12,345". */
const number = (n: number) => n.toLocaleString('en-US');

const STEPS = ['Send the file', 'Read and check the rows', 'Receive the rows'] as const;

/** The preview's three steps, the current one in bold. */
function StepLine({ current }: { current: number }) {
  return (
    <Group gap={6} wrap="wrap" aria-hidden>
      {STEPS.map((s, i) => (
        <Text key={s} size="xs" c={i === current ? undefined : 'dimmed'} fw={i === current ? 600 : undefined}>
          {i + 1}. {s}
          {i < STEPS.length - 1 ? ' ›' : ''}
        </Text>
      ))}
    </Group>
  );
}

/** A bar without a measure, its stage named: the server says nothing until it answers. */
function Unmeasured({ label }: { label: string }) {
  return (
    <Progress.Root size="md">
      <Progress.Section value={100} animated withAria={false} role="progressbar" aria-label={label} />
    </Progress.Root>
  );
}

/**
 * Where the preview is: the upload in per cent; then the server reading, checking and storing the
 * rows (no measure there, so no percentage); then the rows of its answer against the count its
 * head announces.
 */
export function PreviewProgress({ phase, file }: { phase: PreviewPhase; file: File | null }) {
  if (phase.kind === 'idle') return null;
  const name = file?.name ?? 'the file';
  let step = 1;
  let body;
  if (phase.kind === 'waiting') {
    body = (
      <>
        <Text size="sm">Reading {name} again with the new settings…</Text>
        <Unmeasured label="Reading the file" />
      </>
    );
  } else if (phase.step === 'sending') {
    step = 0;
    const percent = Math.round(phase.percent);
    body = (
      <>
        <Text size="sm">
          Sending {name}… {percent} %
        </Text>
        <Progress.Root size="md">
          <Progress.Section value={percent} aria-label="Sending the file" />
        </Progress.Root>
      </>
    );
  } else if (phase.step === 'server') {
    body = (
      <>
        <Text size="sm">
          Reading {file === null ? 'the file' : `${file.name} (${sizeText(file.size)})`} and checking its rows against
          your books…
        </Text>
        <Unmeasured label="Reading the file" />
      </>
    );
  } else {
    step = 2;
    const { rows, total } = phase;
    body = (
      <>
        <Text size="sm">
          Receiving the rows: {number(rows)}
          {total === undefined ? '' : ` of ${number(total)}`}
        </Text>
        {total === undefined || total === 0 ? (
          <Unmeasured label="Receiving the rows" />
        ) : (
          <Progress.Root size="md">
            <Progress.Section
              value={Math.min(100, (rows / total) * 100)}
              aria-label="Receiving the rows"
              aria-valuetext={`${number(rows)} of ${number(total)} rows`}
            />
          </Progress.Root>
        )}
      </>
    );
  }
  return (
    <Stack gap={4} role="status" data-preview-progress>
      <StepLine current={step} />
      {body}
    </Stack>
  );
}

/** The commit: one database transaction, so no measure either; the stage says how much it writes. */
export function CommitProgress({ rows }: { rows: number }) {
  return (
    <Stack gap={4} role="status">
      <Text size="sm">Writing {count(rows, 'row').replace(/^\d+/, number(rows))} into your books…</Text>
      <Unmeasured label="Importing" />
    </Stack>
  );
}
