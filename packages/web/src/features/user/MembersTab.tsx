import type { BookInvite, BookMember, BookRole, BookSummary } from '@kassa/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { useConfirm } from '../../components/confirm/confirm-context';
import { notifySuccess } from '../../lib/notify';
import { tokenSubject, useToken } from '../../lib/token';
import { bookName, useBookMembers, useCurrentBook } from '../../shared/books';
import { switchBook } from '../../shared/session';
import { useInviteMember, useLeaveBook, useRemoveMember, useUpdateMember, useWithdrawInvite } from './api';
import { when } from './security/when';

const ROLES: { value: BookRole; label: string }[] = [
  { value: 'editor', label: 'Editor' },
  { value: 'viewer', label: 'Viewer' },
];

const STANDING_LABEL: Record<BookMember['role'], string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

const unstyledList = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** What the role lets one do, in words. */
const ROLE_WORDS: Record<BookRole, string> = {
  editor: 'can read them and add to them',
  viewer: 'can read them, analyse and export, but not change them',
};

/**
 * private/user/members (issue 34): who may open the current book and as what. The owner invites by
 * e-mail with a role, changes roles, removes members and sees the invitations not yet accepted; a
 * member sees the others and may leave the book.
 */
export function MembersTab() {
  const { current } = useCurrentBook();
  const members = useBookMembers();
  const token = useToken();
  const me = token === null ? undefined : tokenSubject(token);

  if (current === undefined || members.isPending)
    return <Loader size="sm" role="status" aria-label="Loading members" />;
  if (members.isError) return <Text c="dimmed">The members of this book could not be loaded.</Text>;

  const owner = current.role === 'owner';
  const name = bookName(current);
  const role: BookRole = current.role === 'viewer' ? 'viewer' : 'editor';
  return (
    <Stack gap="lg">
      <Text size="sm">
        {owner
          ? `Share your books by e-mail: an editor ${ROLE_WORDS.editor}; a viewer ${ROLE_WORDS.viewer}. Only you decide who has access.`
          : `You are ${role === 'editor' ? 'an editor' : 'a viewer'} of ${name}: you ${ROLE_WORDS[role]}. Only the owner decides who has access.`}
      </Text>
      {owner && <InviteForm />}
      <Stack gap="xs">
        <Title order={2} size="h4">
          People with access
        </Title>
        <Stack gap="xs" component="ul" aria-label="Members" style={unstyledList}>
          {members.data.members.map((member) => (
            <MemberRow key={member.userId} member={member} isMe={String(member.userId) === me} manage={owner} />
          ))}
        </Stack>
      </Stack>
      {owner && <OpenInvites invites={members.data.invites} />}
      {!owner && <LeaveBook book={current} />}
    </Stack>
  );
}

/** E-mail and role of a new invitation; the server mails the link. */
function InviteForm() {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<BookRole>('editor');
  const invite = useInviteMember();

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (sent) => {
          setEmail('');
          notifySuccess(`Invitation sent to ${sent.email}`);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Invite someone">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Invite someone
        </Title>
        <TextInput
          label="E-mail address"
          description="They get a link that works once, for 7 days; someone new signs up with this address first."
          type="email"
          required
          maxLength={254}
          maw={420}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="invite-role-label">
            Role
          </Text>
          <SegmentedControl
            aria-labelledby="invite-role-label"
            data={ROLES}
            value={role}
            onChange={setRole}
            maw={420}
          />
        </Stack>
        <Group>
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One person with access: name, address and role; for the owner a role picker and Remove. */
function MemberRow({ member, isMe, manage }: { member: BookMember; isMe: boolean; manage: boolean }) {
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const confirm = useConfirm();
  const editable = manage && member.role !== 'owner';

  const changeRole = (role: BookRole) =>
    update.mutate(
      { userId: member.userId, role },
      { onSuccess: () => notifySuccess(`${member.name} is now ${role === 'editor' ? 'an editor' : 'a viewer'}`) },
    );

  const askRemove = async () => {
    const answer = await confirm({
      title: `Remove ${member.name}?`,
      text: 'They can no longer open your books, on any device or with any API token. What they entered stays.',
      danger: true,
    });
    if (answer === 'yes') remove.mutate(member.userId, { onSuccess: () => notifySuccess(`${member.name} removed`) });
  };

  return (
    <Paper withBorder p="sm" radius="sm" component="li" aria-label={member.name}>
      <Group justify="space-between" wrap="wrap" gap="xs" align="center">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {member.name}
            </Text>
            {isMe && (
              <Text span size="sm" c="dimmed">
                (you)
              </Text>
            )}
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Text>
        </Stack>
        {editable ? (
          <Group gap="xs" wrap="nowrap">
            <Select
              aria-label={`Role of ${member.name}`}
              data={ROLES}
              value={member.role}
              onChange={(v) => v !== null && v !== member.role && changeRole(v as BookRole)}
              allowDeselect={false}
              w={120}
              disabled={update.isPending}
            />
            <Button
              variant="light"
              color="red"
              onClick={() => void askRemove()}
              loading={remove.isPending}
              aria-label={`Remove ${member.name}`}
            >
              Remove
            </Button>
          </Group>
        ) : (
          <Badge variant="light" color={member.role === 'owner' ? 'grape' : member.role === 'editor' ? 'blue' : 'gray'}>
            {STANDING_LABEL[member.role]}
          </Badge>
        )}
      </Group>
    </Paper>
  );
}

/** The owner's invitations not yet accepted, with the time their link stops working, each with Withdraw. */
function OpenInvites({ invites }: { invites: readonly BookInvite[] }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Open invitations
      </Title>
      {invites.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invitations waiting.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label="Open invitations" style={unstyledList}>
          {invites.map((invite) => (
            <InviteRow key={invite.id} invite={invite} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One open invitation: address, when its link stops working, role and Withdraw (asked first). */
function InviteRow({ invite }: { invite: BookInvite }) {
  const withdraw = useWithdrawInvite();
  const confirm = useConfirm();

  const askWithdraw = async () => {
    const answer = await confirm({
      title: `Withdraw the invitation to ${invite.email}?`,
      text: 'The link in their mail stops working. You can invite them again later.',
      danger: true,
    });
    if (answer === 'yes')
      withdraw.mutate(invite.id, { onSuccess: () => notifySuccess(`Invitation to ${invite.email} withdrawn`) });
  };

  return (
    <Paper withBorder p="sm" radius="sm" component="li" aria-label={invite.email}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Text style={{ overflowWrap: 'anywhere' }}>{invite.email}</Text>
          <Text size="xs" c="dimmed">
            The link works until {when(invite.expiresAt)}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Badge variant="light" color={invite.role === 'editor' ? 'blue' : 'gray'}>
            {STANDING_LABEL[invite.role]}
          </Badge>
          <Button
            variant="light"
            color="red"
            onClick={() => void askWithdraw()}
            loading={withdraw.isPending}
            aria-label={`Withdraw the invitation to ${invite.email}`}
          >
            Withdraw
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** A member's way out: asks first, then the tab is back in the user's own books. */
function LeaveBook({ book }: { book: BookSummary }) {
  const leave = useLeaveBook();
  const confirm = useConfirm();
  const name = bookName(book);

  const askLeave = async () => {
    const answer = await confirm({
      title: `Leave ${name}?`,
      text: 'You can no longer open them. What you entered stays; the owner can invite you again.',
      danger: true,
    });
    if (answer === 'yes')
      leave.mutate(book.bookId, {
        onSuccess: () => {
          switchBook(null);
          notifySuccess(`You left ${name}`);
        },
      });
  };

  return (
    <Alert color="gray" variant="light" title="Leave this book">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">You stop seeing {name}; your own books are not affected.</Text>
        <Button color="red" variant="light" onClick={() => void askLeave()} loading={leave.isPending}>
          Leave this book
        </Button>
      </Stack>
    </Alert>
  );
}
