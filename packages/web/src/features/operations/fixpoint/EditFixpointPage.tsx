import { Alert, Button, Card, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PocketStateGroup } from '@kassa/contract';
import { formatDate, formatMoney, formatTime } from '@kassa/money';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { AmountInput } from '../../../components/AmountInput';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { notifySuccess } from '../../../lib/notify';
import { useGoBack } from '../../../lib/use-go-back';
import { useFixpoint, useFixpointMutations } from '../api';
import { ErrorLine } from './ErrorReview';

/** Typed balances by pocket id while editing. */
type Draft = Record<number, string>;

const draftOf = (groups: readonly PocketStateGroup[]): Draft =>
  Object.fromEntries(groups.flatMap((g) => g.items.map((s) => [s.pocketId, String(s.balance)])));

/** private/edit-fixpoint/{id}: a fixpoint's pocket states, viewed or edited (spec §2, §4). */
export function EditFixpointPage() {
  const id = Number(useParams()['id']);
  const { detail, states } = useFixpoint(id);
  const { updateStates, deleteFixpoint } = useFixpointMutations();
  const goBack = useGoBack('/private/transactions');
  const confirm = useConfirm();
  const [draft, setDraft] = useState<Draft | undefined>();
  const editing = draft !== undefined;

  // Spec §8: loading an item for editing fails -> navigate back (once: twice would leave the app).
  const failed = detail.isError || states.isError || !Number.isInteger(id) || id <= 0;
  const left = useRef(false);
  useEffect(() => {
    if (!failed || left.current) return;
    left.current = true;
    goBack();
  }, [failed, goBack]);

  const fixpoint = detail.data;
  const groups = states.data;
  if (fixpoint === undefined || groups === undefined) {
    return (
      <Container size="sm" px={0}>
        <Card withBorder radius="md" padding="md">
          <Loader size="sm" aria-label="Loading" />
        </Card>
      </Container>
    );
  }
  const time = new Date(fixpoint.time);

  const save = async () => {
    if (draft === undefined) return;
    if ((await confirm({ text: 'It is not recommended to change an existing fixpoint.' })) !== 'yes') return;
    const updates = groups.flatMap((g) =>
      g.items.map((s) => ({
        fixpointId: s.fixpointId,
        pocketId: s.pocketId,
        balance: (draft[s.pocketId] ?? String(s.balance)).trim(),
      })),
    );
    const done = await updateStates.mutateAsync(updates).then(
      () => true,
      () => false,
    );
    if (!done) return;
    notifySuccess('Fixpoint changed');
    goBack();
  };

  const remove = async () => {
    const answer = await confirm({
      text: 'It is not recommended to delete a fixpoint, and it can not be undone.',
      danger: true,
    });
    if (answer !== 'yes') return;
    const done = await deleteFixpoint.mutateAsync(id).then(
      () => true,
      () => false,
    );
    if (!done) return;
    notifySuccess('Fixpoint deleted');
    goBack();
  };

  return (
    <Container size="sm" px={0}>
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <div>
            <Text size="sm" c="dimmed">
              Fixpoint was set on
            </Text>
            <Title order={2} size="h4">
              {formatDate(time)} {formatTime(time)}
            </Title>
          </div>
          {editing && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />}>
              Be careful! Only make changes or delete a fixpoint if you fully understand the consequences!
            </Alert>
          )}
          {groups.map((group) => (
            <Card key={group.currency} withBorder radius="md" padding="sm" data-currency={group.currency}>
              <Title order={3} size="h5" mb="xs">
                {group.currency}
              </Title>
              {editing ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {group.items.map((s) => (
                    <AmountInput
                      key={s.pocketId}
                      label={s.name}
                      value={draft[s.pocketId] ?? String(s.balance)}
                      onChange={(value) => setDraft({ ...draft, [s.pocketId]: value })}
                    />
                  ))}
                </SimpleGrid>
              ) : (
                <Stack gap={4}>
                  {group.items.map((s) => (
                    <Group key={s.pocketId} justify="space-between" wrap="nowrap">
                      <Text size="sm">{s.name}</Text>
                      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(s.balance, group.currency)}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              )}
            </Card>
          ))}
          {!editing && fixpoint.errors.length > 0 && (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                Errors as the ledger stands now
              </Text>
              {fixpoint.errors.map((line) => (
                <ErrorLine key={line.currency} line={line} />
              ))}
            </Stack>
          )}
          <Group justify="flex-end" gap="xs">
            {editing ? (
              <>
                <Button color="red" variant="light" onClick={() => void remove()} loading={deleteFixpoint.isPending}>
                  Delete
                </Button>
                <Button variant="default" onClick={goBack}>
                  Cancel
                </Button>
                <Button onClick={() => void save()} loading={updateStates.isPending}>
                  Save
                </Button>
              </>
            ) : (
              <>
                <Button variant="default" onClick={goBack}>
                  Back
                </Button>
                <Button onClick={() => setDraft(draftOf(groups))}>Edit</Button>
              </>
            )}
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}
