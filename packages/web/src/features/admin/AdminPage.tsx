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

/** An ISO instant as the app shows one: "2026.11.21. 14:05" (spec §9). */
const when = (iso: string) => `${formatDate(new Date(iso))} ${formatTime(new Date(iso))}`;

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** The whole name, or the address when the user has not given one yet. */
const nameOf = (user: AdminUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/** How far the user got, in words: the registration step they are at, or where they stand. */
function standing(user: AdminUser): string {
  if (user.disabledAt !== null) return `Disabled ${when(user.disabledAt)}`;
  if (!user.emailVerified) return 'Signing up: e-mail not verified yet';
  if (user.waiting) return 'On the waitlist';
  if (!user.referralOk) return 'Signing up: needs a referral code';
  if (!user.regComplete) return 'Signing up: initial setup';
  return user.lastLoginAt === null ? 'No password login yet' : `Last login ${when(user.lastLoginAt)}`;
}

/** Invite by e-mail: the address gets a code its sign-up uses by itself. */
function InviteForm() {
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
          notifySuccess(`Invitation sent to ${answer.email}`);
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
          label="E-mail"
          type="email"
          required
          autoComplete="off"
          style={{ flex: '1 1 240px' }}
          value={email}
          error={error}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" loading={invite.isPending}>
          Send invitation
        </Button>
      </Group>
    </form>
  );
}

function WaitlistEntry({ entry }: { entry: AdminWaitlistEntry }) {
  const approve = useApprove();
  return (
    <Paper withBorder p="sm" radius="sm" component="li" aria-label={entry.email}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {entry.email}
          </Text>
          <Text size="sm" c="dimmed">
            Waiting since {when(entry.createdAt)}
            {entry.approvedAt !== null && ` · code mailed ${when(entry.approvedAt)}`}
          </Text>
        </Stack>
        {entry.admitted ? (
          <Badge variant="light" color="teal" style={{ flexShrink: 0 }}>
            Admitted
          </Badge>
        ) : (
          <Button
            size="xs"
            variant={entry.approvedAt === null ? 'filled' : 'light'}
            style={{ flexShrink: 0 }}
            loading={approve.isPending}
            aria-label={`${entry.approvedAt === null ? 'Approve' : 'Mail a new code to'} ${entry.email}`}
            onClick={() =>
              approve.mutate(entry.userId, { onSuccess: () => notifySuccess(`Referral code sent to ${entry.email}`) })
            }
          >
            {entry.approvedAt === null ? 'Approve' : 'Send again'}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function UserEntry({ user, self }: { user: AdminUser; self: boolean }) {
  const setDisabled = useSetDisabled();
  const confirm = useConfirm();
  const disabled = user.disabledAt !== null;
  const toggle = async () => {
    if (!disabled) {
      const answer = await confirm({
        title: `Disable ${user.email}?`,
        text: 'They are signed out at once and cannot log in until you enable them again. Their books stay as they are.',
        danger: true,
      });
      if (answer !== 'yes') return;
    }
    setDisabled.mutate(
      { id: user.id, disabled: !disabled },
      { onSuccess: () => notifySuccess(disabled ? `${user.email} enabled` : `${user.email} disabled`) },
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
                You
              </Badge>
            )}
            {user.role === 'DEMO' && <Badge variant="light">Demo</Badge>}
            {disabled && (
              <Badge variant="light" color="red">
                Disabled
              </Badge>
            )}
          </Group>
          {nameOf(user) !== user.email && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Joined {when(user.createdAt)} · {standing(user)}
          </Text>
        </Stack>
        {!self && user.role !== 'DEMO' && (
          <Button
            size="xs"
            variant="light"
            color={disabled ? undefined : 'red'}
            style={{ flexShrink: 0 }}
            loading={setDisabled.isPending}
            aria-label={`${disabled ? 'Enable' : 'Disable'} ${user.email}`}
            onClick={() => void toggle()}
          >
            {disabled ? 'Enable' : 'Disable'}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** What a user who is not an administrator sees at private/admin: no hint of what is there. */
function NotForYou() {
  return (
    <Container size="sm" px={0}>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="xs">
          Page not found
        </Title>
        <Text>This page is for administrators only.</Text>
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
            Invite someone
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            We mail them a link to sign up. Signing up with that address needs no referral code, whatever the
            registration setting.
          </Text>
          <InviteForm />
        </Card>

        {showWaitlist && (
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h4" mb={4}>
              Waitlist
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              People who signed up and asked to be let in. Approving mails them a referral code and a link to enter it.
            </Text>
            {waitlist.isPending && <Loader size="sm" role="status" aria-label="Loading the waitlist" />}
            {waitlist.isSuccess && waiting.length === 0 && <Text size="sm">Nobody is waiting.</Text>}
            <Stack gap="xs" component="ul" aria-label="Waitlist" style={listStyle}>
              {waiting.map((entry) => (
                <WaitlistEntry key={entry.userId} entry={entry} />
              ))}
            </Stack>
          </Card>
        )}

        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb={4}>
            Users
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Everyone with an account, oldest first. Disabling signs a user out at once and keeps them out until you
            enable them again.
          </Text>
          {users.isPending && <Loader size="sm" role="status" aria-label="Loading the users" />}
          <Stack gap="xs" component="ul" aria-label="Users" style={listStyle}>
            {users.data?.map((user) => (
              <UserEntry key={user.id} user={user} self={user.email === me} />
            ))}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
