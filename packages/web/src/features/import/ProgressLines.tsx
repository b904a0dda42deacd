import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatCount } from '../../lib/display-format';
import type { CommitProgressValue, PreviewPhase } from './api';
import { sizeText } from './FileDrop';
import { count } from './texts';

/** "12 345", in the person's number format. */
const number = (n: number) => formatCount(n);

const STEPS = ['Send the file', 'Read it', 'Check the rows', 'Keep them for the import', 'Receive the rows'] as const;

/** The preview's steps, the current one in bold. */
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

/** A measured bar: `done` of `total`, named. */
function Measured({ label, done, total, unit }: { label: string; done: number; total: number; unit?: string }) {
  const percent = total === 0 ? 100 : Math.min(100, (done / total) * 100);
  return (
    <Progress.Root size="md">
      <Progress.Section
        value={percent}
        aria-label={label}
        aria-valuetext={unit === undefined ? `${Math.round(percent)} %` : `${number(done)} of ${number(total)} ${unit}`}
      />
    </Progress.Root>
  );
}

/**
 * Where the preview is: the upload in per cent; the server reading the file (no measure there);
 * then its own count while it checks the rows against the books and keeps them for the import;
 * then the rows of its answer against the count its head announces.
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
  } else if (phase.step === 'check') {
    step = 2;
    body = (
      <>
        <Text size="sm">
          Checking the rows against your books (duplicates, categories, transfers)…{' '}
          {Math.round(phase.total === 0 ? 100 : (phase.done / phase.total) * 100)} %
        </Text>
        <Measured label="Checking the rows" done={phase.done} total={phase.total} />
      </>
    );
  } else if (phase.step === 'store') {
    step = 3;
    body = (
      <>
        <Text size="sm">
          Keeping the rows for the import: {number(phase.done)} of {number(phase.total)}
        </Text>
        <Measured label="Keeping the rows" done={phase.done} total={phase.total} unit="rows" />
      </>
    );
  } else if (phase.step === 'server') {
    body = (
      <>
        <Text size="sm">Reading {file === null ? 'the file' : `${file.name} (${sizeText(file.size)})`}…</Text>
        <Unmeasured label="Reading the file" />
      </>
    );
  } else {
    step = 4;
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
          <Measured label="Receiving the rows" done={rows} total={total} unit="rows" />
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

/**
 * The commit: the rows it writes, then the server's count of the batch's rows done as it goes
 * (the commit's progress lines); unmeasured until the first arrives.
 */
export function CommitProgress({ rows, progress }: { rows: number; progress: CommitProgressValue | undefined }) {
  return (
    <Stack gap={4} role="status">
      <Text size="sm">
        Writing {count(rows, 'row').replace(/^\d+/, number(rows))} into your books…
        {progress === undefined || progress.total === 0
          ? ''
          : ` ${Math.round(Math.min(100, (progress.done / progress.total) * 100))} %`}
      </Text>
      {progress === undefined ? (
        <Unmeasured label="Importing" />
      ) : (
        <Measured label="Importing" done={progress.done} total={progress.total} />
      )}
    </Stack>
  );
}
