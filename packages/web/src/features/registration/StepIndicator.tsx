import { Group, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Fragment } from 'react';
import { usePublicConfig } from '../../shared/global-data';
import { STEP_LABELS, stepLabels, type StepLabel } from '../../shared/registration-steps';
import { useT } from './i18n';

/** Each step's text in the registration texts. */
const STEP_TEXTS: Record<StepLabel, 'signUp' | 'verifyEmail' | 'referral' | 'initialSetup'> = {
  'Sign up': 'signUp',
  'Verify email': 'verifyEmail',
  'Referral code': 'referral',
  'Initial setup': 'initialSetup',
};

/**
 * 'Sign up > Verify email > Referral code > Initial setup', with the current step marked; `active`
 * counts in those four. Open registration has no referral step (issue 32): three steps.
 */
export function StepIndicator({ active: step }: { active: number }) {
  const { t } = useT();
  const labels = stepLabels(usePublicConfig().data?.registration);
  const current = STEP_LABELS[step];
  const active = current === undefined ? step : labels.indexOf(current);
  return (
    <Group component="nav" aria-label={t('steps.label')} gap={6} justify="center" wrap="wrap">
      {labels.map((label, i) => (
        <Fragment key={label}>
          {i > 0 && (
            <Text c="dimmed" aria-hidden>
              {'>'}
            </Text>
          )}
          <Group gap={4} wrap="nowrap" aria-current={i === active ? 'step' : undefined}>
            {i < active && (
              <IconCheck size={14} color="var(--mantine-color-teal-6)" aria-label={t('steps.done')} role="img" />
            )}
            <Text size="sm" fw={i === active ? 700 : 400} c={i === active ? 'blue' : i < active ? undefined : 'dimmed'}>
              {t(`steps.${STEP_TEXTS[label]}`)}
            </Text>
          </Group>
        </Fragment>
      ))}
    </Group>
  );
}
