import { Button, Card, Center, Group, Loader, Skeleton, Stack, Stepper, Text, ThemeIcon } from '@mantine/core';
import type { FixpointError } from '@kassa/contract';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { FixpointDriftCard } from '../../analytics';
import { ApiError } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { useCalcError, useFixpointBasis, useSetFixpoint } from '../api';
import { ErrorReview } from './ErrorReview';
import { StatementStage } from './StatementStage';
import { toBalances, type Statement } from './statement';

type Stage = { step: 'statement' } | { step: 'review'; lines: FixpointError[] } | { step: 'saved'; id: number };

/**
 * The server names a bad balance by its index in the statement ("3.balance: …"); the field of that
 * pocket shows the message too.
 */
function fieldErrorOf(err: unknown, pocketIds: readonly number[]): Record<number, string> {
  if (!(err instanceof ApiError) || err.status !== 400) return {};
  const m = /^(\d+)\.balance: (.*)$/.exec(err.body?.message ?? '');
  const pocketId = m === null ? undefined : pocketIds[Number(m[1])];
  return pocketId === undefined ? {} : { [pocketId]: m?.[2] ?? '' };
}

/**
 * private/operations/fixpoint: statement -> error review -> saved (spec §4 Fixpoint flow); the saved
 * stage shows the fixpoints' drift (issue 21) with the new one in it.
 */
export function FixpointPage() {
  const basis = useFixpointBasis();
  const calcError = useCalcError();
  const setFixpoint = useSetFixpoint();
  const confirm = useConfirm();
  const [stage, setStage] = useState<Stage>({ step: 'statement' });
  const [statement, setStatement] = useState<Statement>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  // At phone width the three steps fit on one line only without their descriptions.
  const compact = useMediaQuery('(max-width: 599.98px)');

  if (basis.data === undefined) {
    return (
      <Center py="xl">
        <Loader size="sm" role="status" aria-label="Loading" />
      </Center>
    );
  }
  const { groups, calculated } = basis.data;
  const balances = () => toBalances(statement, groups, calculated);

  const calculate = async () => {
    const list = balances();
    const empty = Object.fromEntries(list.filter((b) => b.balance === '').map((b) => [b.pocketId, 'Required']));
    setErrors(empty);
    if (Object.keys(empty).length > 0) return;
    try {
      setStage({ step: 'review', lines: await calcError.mutateAsync(list) });
    } catch (err) {
      setErrors(
        fieldErrorOf(
          err,
          list.map((b) => b.pocketId),
        ),
      );
    }
  };

  const save = async () => {
    if ((await confirm({ text: 'There is no going back!' })) !== 'yes') return;
    const saved = await setFixpoint.mutateAsync(balances()).catch(() => undefined);
    if (saved === undefined) return;
    notifySuccess('Fixpoint saved!');
    setStage({ step: 'saved', id: saved.id });
  };

  const active = stage.step === 'statement' ? 0 : stage.step === 'review' ? 1 : 3;
  return (
    <Stack gap="md">
      <Stepper active={active} size="xs" allowNextStepsSelect={false}>
        <Stepper.Step label="Balances" description={compact ? undefined : 'State the pockets'} />
        <Stepper.Step label="Errors" description={compact ? undefined : 'Review'} />
        <Stepper.Step label="Saved" />
      </Stepper>
      {stage.step === 'statement' && (
        <StatementStage
          groups={groups}
          calculated={calculated}
          statement={statement}
          onChange={setStatement}
          errors={errors}
          onCalculate={() => void calculate()}
          calculating={calcError.isPending}
        />
      )}
      {stage.step === 'review' && (
        <ErrorReview
          lines={stage.lines}
          onBack={() => setStage({ step: 'statement' })}
          onSave={() => void save()}
          saving={setFixpoint.isPending}
        />
      )}
      {stage.step === 'saved' && (
        <Card withBorder radius="md" padding="lg">
          <Stack align="center" gap="sm">
            <ThemeIcon color="teal" variant="light" size={48} radius="xl">
              <IconCircleCheck size={32} />
            </ThemeIcon>
            <Text fw={600} size="lg">
              Fixpoint successfully saved
            </Text>
            <Group>
              <Button component={Link} to={`/private/edit-fixpoint/${stage.id}`} variant="light">
                View fixpoint
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {/* Issue 21: where the error just saved leaves the drift of every fixpoint, per currency. */}
      {stage.step === 'saved' && (
        <Suspense fallback={<Skeleton h={300} />}>
          <FixpointDriftCard />
        </Suspense>
      )}
    </Stack>
  );
}
