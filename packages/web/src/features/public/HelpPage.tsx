import { Container, Text, Title } from '@mantine/core';

/** Public help page; the spec has it say that help is coming soon. */
export function HelpPage() {
  return (
    <Container size="sm" py="xl">
      <Title order={1} size="h2">
        Help
      </Title>
      <Text mt="md">Help is coming soon.</Text>
    </Container>
  );
}
