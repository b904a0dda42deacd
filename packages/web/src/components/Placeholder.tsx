import { Container, Text, Title } from '@mantine/core';

/** Marks a route of the skeleton whose screen is built by a later issue. */
export function Placeholder({ title }: { title: string }) {
  return (
    <Container size="md" py="xl">
      <Title order={2}>{title}</Title>
      <Text c="dimmed" mt="sm">
        This screen is being built.
      </Text>
    </Container>
  );
}
