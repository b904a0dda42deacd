import type { BankAccount, BankMap, Pocket } from '@kassa/contract';
import { formatMoney } from '../../lib/display-format';
import { Alert, Badge, Button, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { notifySuccess } from '../../lib/notify';
import { usePocketList } from '../../shared/pockets';
import { useMapAccounts } from './api';
import { day, failureText } from './texts';

/** An account's choice: a pocket ("p12"), a new pocket, or left out of every sync. */
type Choice = `p${number}` | 'new' | 'none';
const NEW: Choice = 'new';
const NONE: Choice = 'none';

interface Draft {
  choice: Choice | null;
  name: string;
}

/**
 * What an account starts with: its pocket when mapped; Don't sync when an earlier mapping left it
 * out; for a connection just made, a new pocket when the user has none in its currency, else no
 * choice, so that nothing is synced into a pocket the user did not pick.
 */
function initialChoice(account: BankAccount, pockets: readonly Pocket[] | undefined, fresh: boolean): Choice | null {
  if (account.pocketId !== null) return `p${account.pocketId}`;
  if (!fresh) return NONE;
  if (pockets !== undefined && !pockets.some((p) => p.currency === account.currency)) return NEW;
  return null;
}

/** The select's options: the pockets of the account's currency, then New pocket and Don't sync. */
function optionsFor(currency: string, pockets: readonly Pocket[]) {
  const same = pockets.filter((p) => p.currency === currency);
  const rest = {
    group: 'Or',
    items: [
      { value: NEW, label: 'New pocket' },
      { value: NONE, label: "Don't sync" },
    ],
  };
  if (same.length === 0) return [rest];
  return [
    { group: `Pockets in ${currency}`, items: same.map((p) => ({ value: `p${p.pocketId}`, label: p.name })) },
    rest,
  ];
}

/** The map request of the choices (every one made: the form checks first). */
function mapBody(accounts: readonly BankAccount[], drafts: ReadonlyMap<string, Draft>): BankMap {
  return {
    accounts: accounts.map((a) => {
      const d = drafts.get(a.accountId);
      if (d === undefined || d.choice === null || d.choice === NONE) return { accountId: a.accountId, pocketId: null };
      if (d.choice === NEW) return { accountId: a.accountId, pocketId: null, newPocketName: d.name.trim() };
      return { accountId: a.accountId, pocketId: Number(d.choice.slice(1)) };
    }),
  };
}

function AccountChoice({
  account,
  draft,
  pockets,
  showErrors,
  onChange,
}: {
  account: BankAccount;
  draft: Draft;
  pockets: readonly Pocket[];
  showErrors: boolean;
  onChange: (d: Draft) => void;
}) {
  return (
    <Fieldset
      legend={
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {account.name}
          </Text>
          <Badge size="sm" variant="light" color="gray">
            {account.currency}
          </Badge>
        </Group>
      }
      aria-label={account.name}
      p="sm"
      data-account={account.accountId}
    >
      <Stack gap="xs">
        {account.balance !== null && (
          <Text size="xs" c="dimmed">
            Bank balance {formatMoney(account.balance, account.currency)}
            {account.balanceDate === null ? '' : ` on ${day(account.balanceDate)}`}
          </Text>
        )}
        <Select
          label="Sync into"
          placeholder="Choose a pocket"
          data={optionsFor(account.currency, pockets)}
          value={draft.choice}
          onChange={(v) => onChange({ ...draft, choice: v as Choice | null })}
          allowDeselect={false}
          maw={480}
          error={showErrors && draft.choice === null ? 'Choose a pocket, a new pocket or Don’t sync' : undefined}
        />
        {draft.choice === NEW && (
          <TextInput
            label="New pocket name"
            description={`A ${account.currency} pocket, made when you save`}
            value={draft.name}
            onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })}
            error={showErrors && draft.name.trim() === '' ? 'Name the new pocket' : undefined}
            maxLength={100}
            maw={480}
          />
        )}
      </Stack>
    </Fieldset>
  );
}

/**
 * Each account of a connection mapped to a pocket of its currency, to a new pocket named in place,
 * or left out ("Don't sync": never fetched). Save sends POST bank/connection/map/{id}.
 */
export function MappingForm({
  connectionId,
  accounts,
  fresh,
  onDone,
}: {
  connectionId: number;
  accounts: readonly BankAccount[];
  /** A connection just made, never mapped: its accounts start without a choice. */
  fresh: boolean;
  onDone: () => void;
}) {
  const pockets = usePocketList().data;
  const map = useMapAccounts();
  const [edits, setEdits] = useState<ReadonlyMap<string, Draft>>(new Map());
  const [tried, setTried] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Opened below the fold (a connection just made, Edit mapping on a phone): brought into view.
  useEffect(() => {
    const timer = setTimeout(() => form.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' }), 200);
    return () => clearTimeout(timer);
  }, []);
  const drafts = new Map(
    accounts.map((a) => [
      a.accountId,
      edits.get(a.accountId) ?? { choice: initialChoice(a, pockets, fresh), name: a.name },
    ]),
  );
  const valid = [...drafts.values()].every((d) => d.choice !== null && (d.choice !== NEW || d.name.trim() !== ''));
  const save = () => {
    setTried(true);
    if (!valid) return;
    map.mutate(
      { connectionId, body: mapBody(accounts, drafts) },
      {
        onSuccess: () => {
          notifySuccess('Accounts mapped');
          onDone();
        },
      },
    );
  };
  return (
    <form
      ref={form}
      noValidate
      aria-label="Map accounts to pockets"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Choose the pocket each account syncs into. Only pockets of the account&apos;s currency are offered; accounts
          you don&apos;t sync are never fetched.
        </Text>
        {accounts.length === 0 && (
          <Text size="sm" c="dimmed">
            The bank listed no accounts for this connection.
          </Text>
        )}
        {accounts.map((a) => (
          <AccountChoice
            key={a.accountId}
            account={a}
            draft={drafts.get(a.accountId) ?? { choice: null, name: a.name }}
            pockets={pockets ?? []}
            showErrors={tried}
            onChange={(d) => setEdits((m) => new Map(m).set(a.accountId, d))}
          />
        ))}
        {map.isError && (
          <Alert color="red" p="xs" role="alert">
            {failureText(map.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={map.isPending} disabled={accounts.length === 0}>
            Save mapping
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
