import { Container, Text, Title } from '@mantine/core';
import { useT } from '../i18n';

/** Marks a route of the skeleton whose screen is built by a later issue. */
export function Placeholder({ title }: { title: string }) {
  const { t } = useT();
  return (
    <Container size="md" py="xl">
      <Title order={2}>{title}</Title>
      <Text c="dimmed" mt="sm">
        {t('placeholder')}
      </Text>
    </Container>
  );
}
