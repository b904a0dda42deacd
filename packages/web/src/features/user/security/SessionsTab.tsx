import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { notifySuccess } from '../../../lib/notify';
import { endSession } from '../../../shared/session';
import { useEndSession, useEndSessions, useSessions } from './api';
import { when } from './when';

/**
 * private/user/sessions: where the account is signed in (device, address, last seen), this device
 * marked. Ending a session signs that device out at its next request; ending this one, or all,
 * signs this device out too.
 */
export function SessionsTab() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endMany = useEndSessions();
  const confirm = useConfirm();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const askEnd = async (id: number, device: string, current: boolean) => {
    const answer = await confirm({
      title: current ? 'Sign out on this device?' : `End the session on ${device}?`,
      text: current ? 'You will need to log in again here.' : 'That device is signed out at its next request.',
      danger: true,
    });
    if (answer !== 'yes') return;
    endOne.mutate(id, {
      onSuccess: () => {
        if (current) endSession('/public/login');
        notifySuccess(current ? 'Logged out' : 'Session ended');
      },
    });
  };

  const askEndMany = async (which: 'others' | 'all') => {
    const answer = await confirm({
      title: which === 'others' ? 'Sign out all other devices?' : 'Sign out everywhere?',
      text:
        which === 'others'
          ? 'Every other session ends; this device stays signed in.'
          : 'Every session ends, this one too: you will need to log in again.',
      danger: true,
    });
    if (answer !== 'yes') return;
    endMany.mutate(which, {
      onSuccess: ({ ended }) => {
        if (which === 'all') endSession('/public/login');
        notifySuccess(which === 'all' ? 'Logged out everywhere' : `${ended} session${ended === 1 ? '' : 's'} ended`);
      },
    });
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        Where you are signed in. End a session you do not recognise, then change your password. API tokens are listed
        under API tokens.
      </Text>
      {sessions.isPending && <Loader size="sm" role="status" aria-label="Loading" />}
      <Stack gap="xs" component="ul" aria-label="Sessions" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {sessions.data?.map((session) => (
          <Paper key={session.id} withBorder p="sm" radius="sm" component="li" aria-label={session.device}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={500}>{session.device}</Text>
                  {session.current && (
                    <Badge variant="light" color="teal">
                      This device
                    </Badge>
                  )}
                </Group>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {session.ip} · last seen {when(session.lastSeenAt)}
                </Text>
                <Text size="xs" c="dimmed">
                  Signed in {when(session.createdAt)}
                </Text>
              </Stack>
              <Button
                variant="light"
                color="red"
                size="xs"
                style={{ flexShrink: 0 }}
                onClick={() => void askEnd(session.id, session.device, session.current)}
                aria-label={session.current ? 'Sign out on this device' : `End session on ${session.device}`}
              >
                {session.current ? 'Sign out' : 'End'}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group gap="sm">
        <Button
          variant="default"
          disabled={others === 0}
          loading={endMany.isPending && endMany.variables === 'others'}
          onClick={() => void askEndMany('others')}
        >
          End all other sessions
        </Button>
        <Button color="red" variant="light" onClick={() => void askEndMany('all')}>
          Sign out everywhere
        </Button>
      </Group>
    </Stack>
  );
}
