import type { BankConnectResult } from '@kassa/contract';
import { Alert, Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useConnectSimplefin, useEnableBankingBanks, useStartEnableBanking } from './api';
import { failureText } from './texts';

/** Where a SimpleFIN user gets a setup token. */
const SIMPLEFIN_BRIDGE = 'https://bridge.simplefin.org/';

/** The countries Enable Banking covers: the EEA and the United Kingdom. */
const COUNTRIES = 'AT BE BG CY CZ DE DK EE ES FI FR GB GR HR HU IE IS IT LI LT LU LV MT NL NO PL PT RO SE SI SK'.split(
  ' ',
);

/** The country picker's options, by their English names. */
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const COUNTRY_OPTIONS = COUNTRIES.map((code) => ({ value: code, label: regionNames.of(code) ?? code })).sort((a, b) =>
  a.label.localeCompare(b.label, 'en'),
);

/**
 * A SimpleFIN setup token, pasted and claimed (POST bank/simplefin/connect); a new token also
 * connects again an account whose access SimpleFIN withdrew.
 */
export function SimplefinForm({
  submitLabel,
  onConnected,
  connectionId,
}: {
  submitLabel: string;
  onConnected: (result: BankConnectResult) => void;
  /** Connects this connection again instead of making a new one. */
  connectionId?: number;
}) {
  const connect = useConnectSimplefin();
  const [token, setToken] = useState('');
  const [empty, setEmpty] = useState(false);
  const submit = () => {
    const setupToken = token.trim();
    setEmpty(setupToken === '');
    if (setupToken === '') return;
    // The promise, not mutate's callback: the reloaded list may fold this form away before the
    // answer is handed on, and a callback of an unmounted form is never called.
    connect.mutateAsync({ setupToken, ...(connectionId === undefined ? {} : { connectionId }) }).then(
      (result) => {
        setToken('');
        onConnected(result);
      },
      () => undefined, // shown by the form from the mutation's state
    );
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        <TextInput
          label="SimpleFIN setup token"
          description={
            <>
              At{' '}
              <Anchor href={SIMPLEFIN_BRIDGE} target="_blank" rel="noreferrer" size="xs">
                SimpleFIN Bridge
              </Anchor>
              , connect your bank, then create a new app connection and copy its setup token.
            </>
          }
          value={token}
          onChange={(e) => setToken(e.currentTarget.value)}
          error={empty ? 'Paste the setup token' : undefined}
          autoComplete="off"
          spellCheck={false}
        />
        {connect.isError && (
          <Alert color="red" p="xs" role="alert">
            {failureText(connect.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={connect.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Enable Banking: a country, then a bank of it; Continue asks the server for the bank's consent
 * page and goes there (the bank sends the user back to the bank screen). With `connectionId` it
 * renews that connection's consent instead of making a new one.
 */
export function EnableBankingForm({ connectionId, submitLabel }: { connectionId?: number; submitLabel: string }) {
  const start = useStartEnableBanking();
  const [country, setCountry] = useState<string | null>(null);
  const [bank, setBank] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const banks = useEnableBankingBanks(country);
  const bankOptions = (banks.data ?? []).map((b) => ({ value: b.name, label: b.name }));
  const consentDays = banks.data?.find((b) => b.name === bank)?.maxConsentDays;
  const submit = () => {
    setTried(true);
    if (country === null || bank === null) return;
    start.mutate(
      { country, bank, ...(connectionId === undefined ? {} : { connectionId }) },
      { onSuccess: ({ url }) => window.location.assign(url) },
    );
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        <Select
          label="Country"
          placeholder="Choose a country"
          data={COUNTRY_OPTIONS}
          value={country}
          onChange={(v) => {
            setCountry(v);
            setBank(null);
          }}
          searchable
          allowDeselect={false}
          error={tried && country === null ? 'Choose the country of your bank' : undefined}
        />
        <Select
          label="Bank"
          placeholder={
            country === null ? 'Choose a country first' : banks.isPending ? 'Loading banks…' : 'Choose a bank'
          }
          data={bankOptions}
          value={bank}
          onChange={setBank}
          disabled={country === null || banks.isPending}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No bank of that name"
          description={
            consentDays === undefined || consentDays === null
              ? undefined
              : `This bank gives consent for up to ${consentDays} days.`
          }
          error={tried && country !== null && bank === null ? 'Choose your bank' : undefined}
        />
        <Text size="xs" c="dimmed">
          Kassa sends you to your bank to allow read access to your accounts; the bank then sends you back here.
        </Text>
        {start.isError && (
          <Alert color="red" p="xs" role="alert">
            {failureText(start.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={start.isPending || start.isSuccess}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
