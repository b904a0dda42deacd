import type { AdminUser, AdminWaitlistEntry } from '@kassa/contract';
import { formatDate, formatTime } from '../../lib/display-format';
import { Badge, Button, Card, Container, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { useConfirm } from '../../components/confirm/confirm-context';
import { ApiError } from '../../lib/api';
import { fieldMessage } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { tokenClaims, useToken } from '../../lib/token';
import { usePublicConfig, useUserInfo } from '../../shared/global-data';
import { reportFailure } from '../../shared/session';
import { useAdminUsers, useAdminWaitlist, useApprove, useInvite, useSetDisabled } from './api';
import { t as texts, useT } from './i18n';

/** An ISO instant as the app shows one: "2026.11.21. 14:05" (spec §9). */
const when = (iso: string) => `${formatDate(new Date(iso))} ${formatTime(new Date(iso))}`;

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** The whole name, or the address when the user has not given one yet. */
const nameOf = (user: AdminUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/** How far the user got, in words: the registration step they are at, or where they stand. */
function standing(user: AdminUser): string {
  if (user.disabledAt !== null) return texts('standing.disabled', { when: when(user.disabledAt) });
  if (!user.emailVerified) return texts('standing.notVerified');
  if (user.waiting) return texts('standing.waiting');
  if (!user.referralOk) return texts('standing.needsReferral');
  if (!user.regComplete) return texts('standing.initialSetup');
  return user.lastLoginAt === null
    ? texts('standing.noLogin')
    : texts('standing.lastLogin', { when: when(user.lastLoginAt) });
}

/** Invite by e-mail: the address gets a code its sign-up uses by itself. */
function InviteForm() {
  const { t } = useT();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const invite = useInvite();
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    invite.mutate(
      { email },
      {
        onSuccess: (answer) => {
          notifySuccess(texts('invite.sent', { email: answer.email }));
          setEmail('');
        },
        onError: (err) => {
          // A refusal naming the address (not one, already a user) belongs under the field.
          if (err instanceof ApiError && (err.status === 400 || err.status === 409) && err.body !== undefined)
            setError(fieldMessage(err.body.message).text);
          else reportFailure(err);
        },
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('invite.email')}
          type="email"
          required
          autoComplete="off"
          style={{ flex: '1 1 240px' }}
          value={email}
          error={error}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" loading={invite.isPending}>
          {t('invite.submit')}
        </Button>
      </Group>
    </form>
  );
}

function WaitlistEntry({ entry }: { entry: AdminWaitlistEntry }) {
  const { t } = useT();
  const approve = useApprove();
  return (
    <Paper withBorder p="sm" radius="sm" component="li" aria-label={entry.email}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {entry.email}
          </Text>
          <Text size="sm" c="dimmed">
            {t('waitlist.since', { when: when(entry.createdAt) })}
            {entry.approvedAt !== null && ` · ${t('waitlist.mailed', { when: when(entry.approvedAt) })}`}
          </Text>
        </Stack>
        {entry.admitted ? (
          <Badge variant="light" color="teal" style={{ flexShrink: 0 }}>
            {t('waitlist.admitted')}
          </Badge>
        ) : (
          <Button
            size="xs"
            variant={entry.approvedAt === null ? 'filled' : 'light'}
            style={{ flexShrink: 0 }}
            loading={approve.isPending}
            aria-label={t(entry.approvedAt === null ? 'waitlist.approveLabel' : 'waitlist.sendAgainLabel', {
              email: entry.email,
            })}
            onClick={() =>
              approve.mutate(entry.userId, {
                onSuccess: () => notifySuccess(texts('waitlist.sent', { email: entry.email })),
              })
            }
          >
            {entry.approvedAt === null ? t('waitlist.approve') : t('waitlist.sendAgain')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function UserEntry({ user, self }: { user: AdminUser; self: boolean }) {
  const { t } = useT();
  const setDisabled = useSetDisabled();
  const confirm = useConfirm();
  const disabled = user.disabledAt !== null;
  const toggle = async () => {
    if (!disabled) {
      const answer = await confirm({
        title: t('users.confirmTitle', { email: user.email }),
        text: t('users.confirmText'),
        danger: true,
      });
      if (answer !== 'yes') return;
    }
    setDisabled.mutate(
      { id: user.id, disabled: !disabled },
      {
        onSuccess: () =>
          notifySuccess(texts(disabled ? 'users.enabledNotice' : 'users.disabledNotice', { email: user.email })),
      },
    );
  };
  return (
    <Paper withBorder p="sm" radius="sm" component="li" aria-label={user.email}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {nameOf(user)}
            </Text>
            {self && (
              <Badge variant="light" color="teal">
                {t('users.you')}
              </Badge>
            )}
            {user.role === 'DEMO' && <Badge variant="light">{t('users.demo')}</Badge>}
            {disabled && (
              <Badge variant="light" color="red">
                {t('users.disabled')}
              </Badge>
            )}
          </Group>
          {nameOf(user) !== user.email && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('users.joined', { when: when(user.createdAt) })} · {standing(user)}
          </Text>
        </Stack>
        {!self && user.role !== 'DEMO' && (
          <Button
            size="xs"
            variant="light"
            color={disabled ? undefined : 'red'}
            style={{ flexShrink: 0 }}
            loading={setDisabled.isPending}
            aria-label={t(disabled ? 'users.enableLabel' : 'users.disableLabel', { email: user.email })}
            onClick={() => void toggle()}
          >
            {disabled ? t('users.enable') : t('users.disable')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** What a user who is not an administrator sees at private/admin: no hint of what is there. */
function NotForYou() {
  const { t } = useT();
  return (
    <Container size="sm" px={0}>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="xs">
          {t('notForYou.title')}
        </Title>
        <Text>{t('notForYou.text')}</Text>
      </Card>
    </Container>
  );
}

/**
 * private/admin (issue 22): invite people by e-mail, approve the waitlist (each approval mails a
 * referral code), and see and disable users. Only for administrators; the server refuses everyone
 * else too, so the guard here only spares them a page of errors.
 */
export function AdminPage() {
  const { t } = useT();
  const token = useToken();
  const admin = token !== null && (tokenClaims(token)?.roles.includes('ADMIN') ?? false);
  const users = useAdminUsers(admin);
  const waitlist = useAdminWaitlist(admin);
  const me = useUserInfo().data?.email;
  const open = usePublicConfig().data?.registration === 'open';
  if (!admin) return <NotForYou />;
  const waiting = waitlist.data ?? [];
  // Open registration has no waitlist (issue 32); the card stays only while someone who asked
  // before it opened still waits, so they can be let in.
  const showWaitlist = !open || waiting.length > 0;
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb={4}>
            {t('invite.title')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('invite.text')}
          </Text>
          <InviteForm />
        </Card>

        {showWaitlist && (
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h4" mb={4}>
              {t('waitlist.title')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('waitlist.text')}
            </Text>
            {waitlist.isPending && <Loader size="sm" role="status" aria-label={t('waitlist.loading')} />}
            {waitlist.isSuccess && waiting.length === 0 && <Text size="sm">{t('waitlist.nobody')}</Text>}
            <Stack gap="xs" component="ul" aria-label={t('waitlist.title')} style={listStyle}>
              {waiting.map((entry) => (
                <WaitlistEntry key={entry.userId} entry={entry} />
              ))}
            </Stack>
          </Card>
        )}

        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb={4}>
            {t('users.title')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('users.text')}
          </Text>
          {users.isPending && <Loader size="sm" role="status" aria-label={t('users.loading')} />}
          <Stack gap="xs" component="ul" aria-label={t('users.title')} style={listStyle}>
            {users.data?.map((user) => (
              <UserEntry key={user.id} user={user} self={user.email === me} />
            ))}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
