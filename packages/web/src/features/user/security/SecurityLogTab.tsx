import type { SecurityEvent, SecurityEventKind } from '@kassa/contract';
import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useSecurityLog } from './api';
import { when } from './when';

const LABELS: Record<SecurityEventKind, { text: string; color: string }> = {
  'sign-in': { text: 'Signed in', color: 'teal' },
  'sign-in-failed': { text: 'Failed sign-in', color: 'red' },
  'password-changed': { text: 'Password changed', color: 'orange' },
  'password-reset': { text: 'Password reset by e-mail link', color: 'orange' },
  'two-factor-enabled': { text: 'Two-factor sign-in turned on', color: 'teal' },
  'two-factor-disabled': { text: 'Two-factor sign-in turned off', color: 'orange' },
  'recovery-code-used': { text: 'Recovery code used', color: 'orange' },
  'recovery-codes-renewed': { text: 'New recovery codes', color: 'blue' },
  'api-token-created': { text: 'API token created', color: 'blue' },
  'api-token-revoked': { text: 'API token revoked', color: 'gray' },
  'session-ended': { text: 'Session ended', color: 'gray' },
  'book-invited': { text: 'Invited someone to your book', color: 'blue' },
  'book-joined': { text: 'Joined a shared book', color: 'blue' },
  'book-role-changed': { text: 'Role in a shared book changed', color: 'orange' },
  'book-member-removed': { text: 'Removed from a shared book', color: 'orange' },
  'book-left': { text: 'Left a shared book', color: 'gray' },
  'book-handed-over': { text: 'Book handed over', color: 'orange' },
};

/** Where an entry came from: "Chrome on Linux · 10.0.0.2", or nothing when no request of a person caused it. */
const origin = (event: SecurityEvent) => [event.device, event.ip].filter((part) => part !== null).join(' · ');

/**
 * private/user/security-log: sign-ins, failed sign-ins and changes to credentials, newest first,
 * a page at a time. The server keeps a year of them, at most 1000.
 */
export function SecurityLogTab() {
  const log = useSecurityLog();
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <Stack gap="md">
      <Text size="sm">
        Sign-ins, failed sign-ins and changes to your password, two-factor sign-in, sessions and API tokens, newest
        first. Kept for a year.
      </Text>
      {log.isPending && <Loader size="sm" role="status" aria-label="Loading" />}
      <Stack gap="xs" component="ol" aria-label="Security log" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {events.map((event) => {
          const label = LABELS[event.kind];
          const from = origin(event);
          return (
            <Paper key={event.id} withBorder p="xs" radius="sm" component="li">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Badge variant="light" color={label.color}>
                  {label.text}
                </Badge>
                <Text size="xs" c="dimmed">
                  {when(event.at)}
                </Text>
              </Group>
              {event.detail !== null && (
                <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  {event.detail}
                </Text>
              )}
              {from !== '' && (
                <Text size="xs" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>
                  from {from}
                </Text>
              )}
            </Paper>
          );
        })}
      </Stack>
      {log.data !== undefined && events.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing logged yet.
        </Text>
      )}
      {log.hasNextPage && (
        <Group>
          <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            Show older entries
          </Button>
        </Group>
      )}
    </Stack>
  );
}
