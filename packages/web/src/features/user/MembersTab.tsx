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
import { t as text, useT } from './i18n';
import { when } from './security/when';

/** The roles the owner gives, as the pickers offer them. */
const roles = () => (['editor', 'viewer'] as const).map((value) => ({ value, label: text(`members.role.${value}`) }));

const unstyledList = { listStyle: 'none', padding: 0, margin: 0 } as const;

/**
 * private/user/members (issue 34): who may open the current book and as what. The owner invites by
 * e-mail with a role, changes roles, removes members and sees the invitations not yet accepted; a
 * member sees the others and may leave the book.
 */
export function MembersTab() {
  const { t } = useT();
  const { current } = useCurrentBook();
  const members = useBookMembers();
  const token = useToken();
  const me = token === null ? undefined : tokenSubject(token);

  if (current === undefined || members.isPending)
    return <Loader size="sm" role="status" aria-label={t('members.loading')} />;
  if (members.isError) return <Text c="dimmed">{t('members.failed')}</Text>;

  const owner = current.role === 'owner';
  const name = bookName(current);
  const role: BookRole = current.role === 'viewer' ? 'viewer' : 'editor';
  return (
    <Stack gap="lg">
      <Text size="sm">
        {owner
          ? t('members.ownerIntro')
          : t(role === 'editor' ? 'members.editorIntro' : 'members.viewerIntro', { name })}
      </Text>
      {owner && <InviteForm />}
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('members.people')}
        </Title>
        <Stack gap="xs" component="ul" aria-label={t('members.list')} style={unstyledList}>
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
  const { t } = useT();
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
          notifySuccess(text('members.sent', { email: sent.email }));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label={t('members.invite')}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('members.invite')}
        </Title>
        <TextInput
          label={t('members.email')}
          description={t('members.emailHint')}
          type="email"
          required
          maxLength={254}
          maw={420}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="invite-role-label">
            {t('members.roleLabel')}
          </Text>
          <SegmentedControl
            aria-labelledby="invite-role-label"
            data={roles()}
            value={role}
            onChange={setRole}
            maw={420}
          />
        </Stack>
        <Group>
          <Button type="submit" loading={invite.isPending}>
            {t('members.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One person with access: name, address and role; for the owner a role picker and Remove. */
function MemberRow({ member, isMe, manage }: { member: BookMember; isMe: boolean; manage: boolean }) {
  const { t } = useT();
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const confirm = useConfirm();
  const editable = manage && member.role !== 'owner';

  const changeRole = (role: BookRole) =>
    update.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () =>
          notifySuccess(text(role === 'editor' ? 'members.nowEditor' : 'members.nowViewer', { name: member.name })),
      },
    );

  const askRemove = async () => {
    const answer = await confirm({
      title: text('members.removeTitle', { name: member.name }),
      text: text('members.removeText'),
      danger: true,
    });
    if (answer === 'yes')
      remove.mutate(member.userId, { onSuccess: () => notifySuccess(text('members.removed', { name: member.name })) });
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
                {t('members.you')}
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
              aria-label={t('members.roleOf', { name: member.name })}
              data={roles()}
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
              aria-label={t('members.removeLabel', { name: member.name })}
            >
              {t('members.remove')}
            </Button>
          </Group>
        ) : (
          <Badge variant="light" color={member.role === 'owner' ? 'grape' : member.role === 'editor' ? 'blue' : 'gray'}>
            {t(`members.role.${member.role}`)}
          </Badge>
        )}
      </Group>
    </Paper>
  );
}

/** The owner's invitations not yet accepted, with the time their link stops working, each with Withdraw. */
function OpenInvites({ invites }: { invites: readonly BookInvite[] }) {
  const { t } = useT();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('members.open')}
      </Title>
      {invites.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('members.noneOpen')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label={t('members.open')} style={unstyledList}>
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
  const { t } = useT();
  const withdraw = useWithdrawInvite();
  const confirm = useConfirm();

  const askWithdraw = async () => {
    const answer = await confirm({
      title: text('members.withdrawTitle', { email: invite.email }),
      text: text('members.withdrawText'),
      danger: true,
    });
    if (answer === 'yes')
      withdraw.mutate(invite.id, {
        onSuccess: () => notifySuccess(text('members.withdrawn', { email: invite.email })),
      });
  };

  return (
    <Paper withBorder p="sm" radius="sm" component="li" aria-label={invite.email}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Text style={{ overflowWrap: 'anywhere' }}>{invite.email}</Text>
          <Text size="xs" c="dimmed">
            {t('members.linkUntil', { when: when(invite.expiresAt) })}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Badge variant="light" color={invite.role === 'editor' ? 'blue' : 'gray'}>
            {t(`members.role.${invite.role}`)}
          </Badge>
          <Button
            variant="light"
            color="red"
            onClick={() => void askWithdraw()}
            loading={withdraw.isPending}
            aria-label={t('members.withdrawLabel', { email: invite.email })}
          >
            {t('members.withdraw')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** A member's way out: asks first, then the tab is back in the user's own books. */
function LeaveBook({ book }: { book: BookSummary }) {
  const { t } = useT();
  const leave = useLeaveBook();
  const confirm = useConfirm();
  const name = bookName(book);

  const askLeave = async () => {
    const answer = await confirm({
      title: text('members.leaveTitle', { name }),
      text: text('members.leaveText'),
      danger: true,
    });
    if (answer === 'yes')
      leave.mutate(book.bookId, {
        onSuccess: () => {
          switchBook(null);
          notifySuccess(text('members.left', { name }));
        },
      });
  };

  return (
    <Alert color="gray" variant="light" title={t('members.leave')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('members.leaveHint', { name })}</Text>
        <Button color="red" variant="light" onClick={() => void askLeave()} loading={leave.isPending}>
          {t('members.leave')}
        </Button>
      </Stack>
    </Alert>
  );
}
