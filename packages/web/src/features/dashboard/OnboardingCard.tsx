import { Anchor, Button, Card, Group, List, Progress, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { OnboardingStepKey } from '@kassa/contract';
import { IconCheck, IconPoint } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useOnboarding } from './api';
import { useT } from './i18n';

/** Where the dashboard remembers that the user hid the checklist (this browser only). */
export const ONBOARDING_HIDDEN_KEY = 'kassa.onboarding.hidden';

/** The checklist's steps in order (issue 22), each with the screen that does it (named `onboarding.steps.<key>`). */
const STEPS: { key: OnboardingStepKey; to: string }[] = [
  { key: 'currency', to: '/private/manage/currency' },
  { key: 'categories', to: '/private/manage/category' },
  { key: 'transaction', to: '/private/add-transaction' },
  { key: 'fixpoint', to: '/private/operations/fixpoint' },
  { key: 'import', to: '/private/import' },
];

const readHidden = () => {
  try {
    return window.localStorage.getItem(ONBOARDING_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * The onboarding checklist: the first steps, each ticked from the user's own data (GET
 * account/onboarding). It goes away when every step is done, or for good when the user hides it.
 */
export function OnboardingCard() {
  const { t } = useT();
  const [hidden, setHidden] = useState(readHidden);
  const onboarding = useOnboarding(!hidden);
  const steps = onboarding.data?.steps;
  if (hidden || steps === undefined) return null;
  const done = new Set(steps.filter((s) => s.done).map((s) => s.key));
  if (STEPS.every((s) => done.has(s.key))) return null;
  const hide = () => {
    try {
      window.localStorage.setItem(ONBOARDING_HIDDEN_KEY, '1');
    } catch {
      // Private mode without storage: hidden for this visit only.
    }
    setHidden(true);
  };
  const count = STEPS.filter((s) => done.has(s.key)).length;
  return (
    <Card withBorder radius="md" data-testid="onboarding">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={3} size="h4">
            {t('onboarding.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('onboarding.progress', { done: count, total: STEPS.length })}
          </Text>
        </div>
        <Button variant="subtle" size="xs" onClick={hide}>
          {t('onboarding.hide')}
        </Button>
      </Group>
      <Progress
        value={(count / STEPS.length) * 100}
        mt="sm"
        mb="sm"
        size="sm"
        aria-label={t('onboarding.progressLabel', { done: count, total: STEPS.length })}
      />
      <List spacing="xs" size="sm" center>
        {STEPS.map((step) => {
          const isDone = done.has(step.key);
          const label = t(`onboarding.steps.${step.key}`);
          return (
            <List.Item
              key={step.key}
              data-step={step.key}
              data-done={isDone}
              icon={
                <ThemeIcon size={20} radius="xl" color={isDone ? 'teal' : 'gray'} variant={isDone ? 'filled' : 'light'}>
                  {isDone ? <IconCheck size={14} aria-hidden /> : <IconPoint size={14} aria-hidden />}
                </ThemeIcon>
              }
            >
              {isDone ? (
                <Text size="sm" td="line-through" c="dimmed">
                  {label} <VisuallyHidden>{t('onboarding.done')}</VisuallyHidden>
                </Text>
              ) : (
                <Anchor component={Link} to={step.to} size="sm">
                  {label}
                </Anchor>
              )}
            </List.Item>
          );
        })}
      </List>
    </Card>
  );
}
