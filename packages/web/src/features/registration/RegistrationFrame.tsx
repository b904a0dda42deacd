import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { StepIndicator } from './StepIndicator';

/** The frame of sign-up and the registration steps: indicator, title, a short why, the form. */
export function RegistrationFrame(props: { step: number; title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <Container size={480} py="xl">
      <Stack gap="lg">
        <StepIndicator active={props.step} />
        <Title order={1} size="h2" ta="center">
          {props.title}
        </Title>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Stack>
            <Text size="sm" c="dimmed">
              {props.intro}
            </Text>
            {props.children}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
