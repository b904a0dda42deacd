import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { Pocket } from '@kassa/contract';
import { IconWallet } from '@tabler/icons-react';
import { useState } from 'react';
import { noticeFor } from '../../lib/errors';
import { useSupportedCurrencies, useUserCurrencies } from '../../shared/global-data';
import { useCreatePocket } from './api';
import { newPocketName, type UnplacedCurrency } from './pocket-offer';
import { count } from './texts';

/**
 * Rows in a currency their pocket does not hold (issue 32): a pocket of that currency to read the
 * file into, right here, instead of a detour through Manage. One the user has is one click; none
 * is made on the spot (with the currency, when the user lacks it). `onPocket` reads the file into it.
 */
export function PocketOffers({
  unplaced,
  chosen,
  onPocket,
}: {
  unplaced: readonly UnplacedCurrency[];
  /** The pocket chosen above, if any. */
  chosen: Pocket | undefined;
  onPocket: (pocketId: number) => void;
}) {
  const supported = useSupportedCurrencies().data;
  const owned = useUserCurrencies().data;
  // An empty or unloaded catalogue is no reason to hold the offer back: the server still checks.
  const known = (code: string) =>
    supported === undefined || supported.length === 0 || supported.some((c) => c.code === code);
  return (
    <>
      {unplaced
        .filter((u) => u.pockets.length > 0 || known(u.currency))
        .map((u) => (
          <Alert
            key={u.currency}
            color="orange"
            icon={<IconWallet size={18} />}
            title={`${count(u.rows, 'row')} in ${u.currency}`}
            data-pocket-offer={u.currency}
          >
            <Stack gap="xs">
              <Text size="sm">
                {u.pockets.length > 0
                  ? `${chosen === undefined || chosen.currency === u.currency ? 'No pocket was chosen for them' : `${chosen.name} holds ${chosen.currency}`}. Read the file into a ${u.currency} pocket:`
                  : `None of your pockets holds ${u.currency}. Make one here, and the file is read into it.`}
              </Text>
              {u.pockets.length > 0 ? (
                <Group gap="xs">
                  {u.pockets.slice(0, 4).map((p) => (
                    <Button key={p.pocketId} size="xs" variant="light" onClick={() => onPocket(p.pocketId)}>
                      Import into {p.name}
                    </Button>
                  ))}
                </Group>
              ) : (
                <NewPocketForm
                  currency={u.currency}
                  hasCurrency={owned?.some((c) => c.code === u.currency) ?? false}
                  onMade={onPocket}
                />
              )}
            </Stack>
          </Alert>
        ))}
    </>
  );
}

/** The new pocket's name and the button that makes it (and the currency, when the user lacks it). */
function NewPocketForm({
  currency,
  hasCurrency,
  onMade,
}: {
  currency: string;
  hasCurrency: boolean;
  onMade: (pocketId: number) => void;
}) {
  const [name, setName] = useState(newPocketName(currency));
  const create = useCreatePocket();
  const trimmed = name.trim();
  // Not mutate's own onSuccess: the reloaded pocket list turns this form into "Import into …"
  // (unmounting it) before that would run, and the file was never read into the new pocket.
  const submit = () =>
    create
      .mutateAsync({ currency, name: trimmed, hasCurrency })
      .then((pocket) => onMade(pocket.pocketId))
      .catch(() => undefined); // the refusal shows under the form (create.error)
  return (
    <Stack gap={6}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label={`Name of the new ${currency} pocket`}
            size="xs"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: '1 1 12rem', maxWidth: 320 }}
          />
          <Button type="submit" size="xs" loading={create.isPending} disabled={trimmed === ''}>
            Create the {currency} pocket
          </Button>
        </Group>
      </form>
      <Text size="xs" c="dimmed">
        A bank pocket{hasCurrency ? '' : `; ${currency} is added to your currencies`}. You can rename it under Manage.
      </Text>
      {create.error !== null && (
        <Text size="sm" c="red.9" fw={500} data-pocket-error>
          {noticeFor(create.error).message}
        </Text>
      )}
    </Stack>
  );
}
