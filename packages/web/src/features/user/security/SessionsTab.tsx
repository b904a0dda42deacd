import type { SignedInSession } from '@kassa/contract';
import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { notifySuccess } from '../../../lib/notify';
import { endSession } from '../../../shared/session';
import { t as text, useT } from '../i18n';
import { useEndSession, useEndSessions, useSessions } from './api';
import { when } from './when';

/**
 * private/user/sessions: where the account is signed in (device, address, last seen), this device
 * marked. Ending a session signs that device out at its next request; ending this one, or all,
 * signs this device out too.
 */
export function SessionsTab() {
  const { t } = useT();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endMany = useEndSessions();
  const confirm = useConfirm();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const askEnd = async (id: number, device: string, current: boolean) => {
    const answer = await confirm({
      title: current ? text('sessions.signOutHereTitle') : text('sessions.endTitle', { device }),
      text: current ? text('sessions.signOutHereText') : text('sessions.endText'),
      danger: true,
    });
    if (answer !== 'yes') return;
    endOne.mutate(id, {
      onSuccess: () => {
        if (current) endSession('/public/login');
        notifySuccess(current ? text('sessions.loggedOut') : text('sessions.ended'));
      },
    });
  };

  const askEndMany = async (which: 'others' | 'all') => {
    const answer = await confirm({
      title: which === 'others' ? text('sessions.othersTitle') : text('sessions.everywhereTitle'),
      text: which === 'others' ? text('sessions.othersText') : text('sessions.everywhereText'),
      danger: true,
    });
    if (answer !== 'yes') return;
    endMany.mutate(which, {
      onSuccess: ({ ended }) => {
        if (which === 'all') endSession('/public/login');
        notifySuccess(
          which === 'all' ? text('sessions.loggedOutEverywhere') : text('sessions.endedCount', { count: ended }),
        );
      },
    });
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('sessions.intro')}</Text>
      {sessions.isPending && <Loader size="sm" role="status" aria-label={t('loading')} />}
      <Stack
        gap="xs"
        component="ul"
        aria-label={t('sessions.list')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {sessions.data?.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            onEnd={() => void askEnd(session.id, session.device, session.current)}
          />
        ))}
      </Stack>
      <Group gap="sm">
        <Button
          variant="default"
          disabled={others === 0}
          loading={endMany.isPending && endMany.variables === 'others'}
          onClick={() => void askEndMany('others')}
        >
          {t('sessions.endOthers')}
        </Button>
        <Button color="red" variant="light" onClick={() => void askEndMany('all')}>
          {t('sessions.everywhere')}
        </Button>
      </Group>
    </Stack>
  );
}

/** One signed-in session: device, address, last seen and signed in, this device marked, and its End button. */
function SessionRow({ session, onEnd }: { session: SignedInSession; onEnd: () => void }) {
  const { t } = useT();
  return (
    <Paper withBorder p="sm" radius="sm" component="li" aria-label={session.device}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={500}>{session.device}</Text>
            {session.current && (
              <Badge variant="light" color="teal">
                {t('sessions.thisDevice')}
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('sessions.lastSeen', { ip: session.ip, when: when(session.lastSeenAt) })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('sessions.signedIn', { when: when(session.createdAt) })}
          </Text>
        </Stack>
        <Button
          variant="light"
          color="red"
          size="xs"
          style={{ flexShrink: 0 }}
          onClick={onEnd}
          aria-label={session.current ? t('sessions.signOutHere') : t('sessions.endOn', { device: session.device })}
        >
          {session.current ? t('sessions.signOut') : t('sessions.end')}
        </Button>
      </Group>
    </Paper>
  );
}
