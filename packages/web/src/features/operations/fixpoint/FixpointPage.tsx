import { Alert, Button, Card, Center, Group, Loader, Skeleton, Stack, Stepper, Text, ThemeIcon } from '@mantine/core';
import type { FixpointError } from '@kassa/contract';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { FixpointDriftCard } from '../../analytics';
import { ApiError } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { isNetworkFailure, isQueued, notifyQueued } from '../../../shared/outbox';
import { FIXPOINT_TEXTS } from './texts';
import { useCalcError, useFixpointBasis, useSetFixpoint } from '../api';
import { t as text, useT } from '../i18n';
import { ErrorReview } from './ErrorReview';
import { StatementStage } from './StatementStage';
import { toBalances, type Statement } from './statement';

type Stage =
  | { step: 'statement' }
  | { step: 'review'; lines: FixpointError[]; offline?: boolean }
  | { step: 'saved'; id: number }
  | { step: 'queued' };

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
  const { t } = useT();
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
        <Loader size="sm" role="status" aria-label={t('loading')} />
      </Center>
    );
  }
  const { groups, calculated } = basis.data;
  const balances = () => toBalances(statement, groups, calculated);

  const calculate = async () => {
    const list = balances();
    const empty = Object.fromEntries(
      list.filter((b) => b.balance === '').map((b) => [b.pocketId, text('fixpoint.required')]),
    );
    setErrors(empty);
    if (Object.keys(empty).length > 0) return;
    // Offline (issue 36) the server calculates the errors when the fixpoint arrives.
    if (!navigator.onLine) {
      setStage({ step: 'review', lines: [], offline: true });
      return;
    }
    try {
      setStage({ step: 'review', lines: await calcError.mutateAsync(list) });
    } catch (err) {
      if (isNetworkFailure(err)) {
        setStage({ step: 'review', lines: [], offline: true });
        return;
      }
      setErrors(
        fieldErrorOf(
          err,
          list.map((b) => b.pocketId),
        ),
      );
    }
  };

  const save = async () => {
    if ((await confirm({ text: text('fixpoint.confirmSave') })) !== 'yes') return;
    const saved = await setFixpoint.mutateAsync(balances()).catch(() => undefined);
    if (saved === undefined) return;
    if (isQueued(saved)) {
      notifyQueued(saved);
      setStage({ step: 'queued' });
      return;
    }
    notifySuccess(text('fixpoint.savedToast'));
    setStage({ step: 'saved', id: saved.id });
  };

  const active = stage.step === 'statement' ? 0 : stage.step === 'review' ? 1 : stage.step === 'queued' ? 2 : 3;
  return (
    <Stack gap="md">
      <Steps active={active} compact={compact} />
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
          {...(stage.offline === true ? { note: FIXPOINT_TEXTS.offlineReview } : {})}
          onBack={() => setStage({ step: 'statement' })}
          onSave={() => void save()}
          saving={setFixpoint.isPending}
        />
      )}
      {stage.step === 'saved' && <SavedStage id={stage.id} />}
      {stage.step === 'queued' && (
        <Alert color="blue" title={FIXPOINT_TEXTS.queuedTitle}>
          {FIXPOINT_TEXTS.queuedBody}
        </Alert>
      )}
    </Stack>
  );
}

/** The flow's three steps; at phone width without their descriptions. */
function Steps({ active, compact }: { active: number; compact: boolean }) {
  const { t } = useT();
  return (
    <Stepper active={active} size="xs" allowNextStepsSelect={false}>
      <Stepper.Step
        label={t('fixpoint.steps.balances')}
        description={compact ? undefined : t('fixpoint.steps.balancesHint')}
      />
      <Stepper.Step
        label={t('fixpoint.steps.errors')}
        description={compact ? undefined : t('fixpoint.steps.errorsHint')}
      />
      <Stepper.Step label={t('fixpoint.steps.saved')} />
    </Stepper>
  );
}

/** Stage 3: the fixpoint saved, and where its error leaves the drift of every fixpoint (issue 21). */
function SavedStage({ id }: { id: number }) {
  const { t } = useT();
  return (
    <>
      <Card withBorder radius="md" padding="lg">
        <Stack align="center" gap="sm">
          <ThemeIcon color="teal" variant="light" size={48} radius="xl">
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Text fw={600} size="lg">
            {t('fixpoint.savedTitle')}
          </Text>
          <Group>
            <Button component={Link} to={`/private/edit-fixpoint/${id}`} variant="light">
              {t('fixpoint.view')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Suspense fallback={<Skeleton h={300} />}>
        <FixpointDriftCard />
      </Suspense>
    </>
  );
}
