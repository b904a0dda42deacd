import type { SecurityEvent, SecurityEventKind } from '@kassa/contract';
import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useT } from '../i18n';
import { useSecurityLog } from './api';
import { when } from './when';

/** Each kind's badge colour; its text is `log.kind.<kind>` in the user texts. */
const COLORS: Record<SecurityEventKind, string> = {
  'sign-in': 'teal',
  'sign-in-failed': 'red',
  'password-changed': 'orange',
  'password-reset': 'orange',
  'two-factor-enabled': 'teal',
  'two-factor-disabled': 'orange',
  'recovery-code-used': 'orange',
  'recovery-codes-renewed': 'blue',
  'api-token-created': 'blue',
  'api-token-revoked': 'gray',
  'session-ended': 'gray',
  'book-invited': 'blue',
  'book-joined': 'blue',
  'book-role-changed': 'orange',
  'book-member-removed': 'orange',
  'book-left': 'gray',
  'book-handed-over': 'orange',
};

/** Where an entry came from: "Chrome on Linux · 10.0.0.2", or nothing when no request of a person caused it. */
const origin = (event: SecurityEvent) => [event.device, event.ip].filter((part) => part !== null).join(' · ');

/**
 * private/user/security-log: sign-ins, failed sign-ins and changes to credentials, newest first,
 * a page at a time. The server keeps a year of them, at most 1000.
 */
export function SecurityLogTab() {
  const { t } = useT();
  const log = useSecurityLog();
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <Stack gap="md">
      <Text size="sm">{t('log.intro')}</Text>
      {log.isPending && <Loader size="sm" role="status" aria-label={t('loading')} />}
      <Stack gap="xs" component="ol" aria-label={t('log.list')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {events.map((event) => {
          const from = origin(event);
          return (
            <Paper key={event.id} withBorder p="xs" radius="sm" component="li">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Badge variant="light" color={COLORS[event.kind]}>
                  {t(`log.kind.${event.kind}`)}
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
                  {t('log.from', { origin: from })}
                </Text>
              )}
            </Paper>
          );
        })}
      </Stack>
      {log.data !== undefined && events.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('log.none')}
        </Text>
      )}
      {log.hasNextPage && (
        <Group>
          <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {t('log.older')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
