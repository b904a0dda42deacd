import { Alert, Button, Card, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import type { ImportAccount } from '@kassa/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { CommitProgressValue } from './api';
import { CommitProgress } from './ProgressLines';
import { anchorCheckText, closingText, count } from './texts';

export interface ImportActionsProps {
  /** Phone width: the buttons ride in a bar stuck to the bottom of the screen. */
  compact: boolean;
  /** What the commit will do, in words. */
  plan: string;
  /** Rows the commit writes (imported rows and conversions). */
  writes: number;
  /** Accounts whose closing balance can become a fixpoint. */
  closing: readonly ImportAccount[];
  fixpoint: boolean;
  onFixpoint: (on: boolean) => void;
  onCommit: () => void;
  onCancel: () => void;
  committing: boolean;
  /** The server's count while it commits (none before its first progress line). */
  progress: CommitProgressValue | undefined;
  /** The server's refusal of the last commit. */
  refusal: string | undefined;
  /** The rows shown are not what the settings say (being read again): no import then. */
  blocked: boolean;
}

/** The commit's refusal, where the button is. */
function Refusal({ message }: { message: string }) {
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />} title="The import was refused" p="xs">
      {message}
    </Alert>
  );
}

function Buttons({ onCommit, onCancel, committing, blocked }: ImportActionsProps) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Button onClick={onCommit} loading={committing} disabled={blocked}>
        Import
      </Button>
      <Button variant="default" onClick={onCancel} disabled={committing}>
        Cancel
      </Button>
    </Group>
  );
}

/** On a phone: the rows to import and the buttons, always in reach at the bottom of the screen. */
function StickyBar({ children }: { children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  // What the browser scrolls into view (a focused picker, a note) stops above the bar, not under it.
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.scrollPaddingBottom;
    const height = bar.current?.offsetHeight ?? 0;
    root.style.scrollPaddingBottom = `calc(var(--app-shell-footer-offset, 0px) + ${height + 16}px)`;
    return () => {
      root.style.scrollPaddingBottom = before;
    };
  }, []);
  return (
    <Paper
      ref={bar}
      withBorder
      shadow="md"
      radius="md"
      p="xs"
      data-action-bar
      style={{
        position: 'sticky',
        bottom: 'calc(var(--app-shell-footer-offset, 0px) + var(--mantine-spacing-xs))',
        zIndex: 5,
      }}
    >
      {children}
    </Paper>
  );
}

/**
 * The fixpoint box, the plan, and Import and Cancel with the commit's stage and refusal; on a phone
 * the buttons go to a bar stuck to the bottom of the screen (the rows of a long file are
 * thousands of pixels tall), with the number of rows it imports.
 */
/** One statement's agreement with the next fixpoint of its pocket, in figures (issue 32). */
function AnchorCheck({ account, text }: { account: ImportAccount; text: string }) {
  const agrees = Number(account.anchorCheck?.difference) === 0;
  return (
    <Text size="sm" c={agrees ? 'teal' : 'orange'} data-anchor-check={agrees ? 'agrees' : 'differs'}>
      {text}
    </Text>
  );
}

export function ImportActions(props: ImportActionsProps) {
  const { compact, plan, writes, closing, fixpoint, onFixpoint, committing, progress, refusal } = props;
  const status = (
    <>
      {committing && <CommitProgress rows={writes} progress={progress} />}
      {refusal !== undefined && !committing && <Refusal message={refusal} />}
    </>
  );
  return (
    <>
      <Card withBorder radius="md" padding="md" component="section" aria-label="Import">
        <Stack gap="sm">
          {closing.length > 0 && (
            <Checkbox
              checked={fixpoint}
              onChange={(e) => onFixpoint(e.currentTarget.checked)}
              label={`Save the statement’s closing balance (${closing
                .map((a) => closingText(a, closing.length > 1))
                .join('; ')}) as a fixpoint`}
              description={
                closing.some((a) => a.openingBalance !== undefined)
                  ? 'Its opening balance is saved too, before its first row: the history it brings starts from the bank’s figure, and later fixpoints show at once where the bank and your books disagree.'
                  : 'The fixpoint’s error then shows at once where the statement and your books disagree.'
              }
            />
          )}
          {closing.flatMap((a) => {
            const text = anchorCheckText(a);
            return text === undefined
              ? []
              : [<AnchorCheck key={`${a.account}|${a.pocketId ?? ''}`} account={a} text={text} />];
          })}
          <Text size="sm" data-plan>
            {plan}
          </Text>
          {!compact && (
            <>
              <Buttons {...props} />
              {status}
            </>
          )}
        </Stack>
      </Card>
      {compact && (
        <StickyBar>
          <Stack gap="xs">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} data-bar-count>
                {count(writes, 'row')} to import
              </Text>
              <Buttons {...props} />
            </Group>
            {status}
          </Stack>
        </StickyBar>
      )}
    </>
  );
}
