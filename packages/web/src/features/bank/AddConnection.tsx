import type { BankConnectResult } from '@kassa/contract';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useEnableBankingAvailable } from './api';
import { EnableBankingForm, SimplefinForm } from './ConnectForms';

/** One provider's way in: its name, whom it serves, its form. */
function Provider({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <div>
        <Title order={4} size="h6">
          {title}
        </Title>
        <Text size="xs" c="dimmed">
          {text}
        </Text>
      </div>
      {children}
    </Stack>
  );
}

/**
 * Add a connection: SimpleFIN (a pasted setup token) and, when the server is set up for it,
 * Enable Banking (a country and bank, then the bank's consent page). Folded to a button once the
 * book has connections.
 */
export function AddConnection({
  folded,
  onConnected,
}: {
  folded: boolean;
  onConnected: (result: BankConnectResult) => void;
}) {
  const [open, setOpen] = useState(false);
  const enableBanking = useEnableBankingAvailable().data?.available === true;
  if (folded && !open)
    return (
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setOpen(true)}>
          Add a connection
        </Button>
      </Group>
    );
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="bank-add-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5" id="bank-add-title">
            Add a connection
          </Title>
          {folded && (
            <Button size="xs" variant="default" onClick={() => setOpen(false)}>
              Close
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, md: enableBanking ? 2 : 1 }} spacing="lg">
          <Provider
            title="SimpleFIN Bridge"
            text="Banks in the US and Canada, through your own SimpleFIN Bridge account."
          >
            <SimplefinForm
              submitLabel="Connect"
              onConnected={(result) => {
                setOpen(false);
                onConnected(result);
              }}
            />
          </Provider>
          {enableBanking && (
            <Provider title="Enable Banking" text="Banks in Europe, with the consent you give on your bank's own page.">
              <EnableBankingForm submitLabel="Continue to the bank" />
            </Provider>
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
