import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatMoney } from '../../lib/display-format';
import { useState, type SyntheticEvent } from 'react';
import { AmountInput } from '../../components/AmountInput';
import { readAmount } from '../../components/amount-value';
import { CurrencyPicker } from '../../components/CurrencyPicker';
import { toLocalDateValue } from '../../lib/local-time';
import { notifySuccess } from '../../lib/notify';
import type { BookPerson } from '../../shared/books';
import { useAddSettlement } from './api';
import { settlementInstant } from './figures';

/**
 * Records money one member gave another (POST settlement/add): from, to, amount in any of the
 * book's currencies, the day and a note. From starts with me, To with the next person; after a
 * save the amount and note are emptied.
 */
export function SettlementForm({
  people,
  me,
  codes,
  mainCurrency,
}: {
  /** The book's members now (settlements name members only). */
  people: readonly BookPerson[];
  me: number | undefined;
  /** The book's currencies, most recently used first. */
  codes: readonly string[];
  mainCurrency: string;
}) {
  const add = useAddSettlement();
  const firstFrom = people.some((p) => p.userId === me) ? me : people[0]?.userId;
  const [from, setFrom] = useState<string | null>(firstFrom === undefined ? null : String(firstFrom));
  const [to, setTo] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<string | null>(null);
  const [date, setDate] = useState(() => toLocalDateValue(new Date()));
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const code = currency ?? (codes.includes(mainCurrency) ? mainCurrency : (codes[0] ?? null));
  const toValue = to ?? people.find((p) => String(p.userId) !== from)?.userId.toString() ?? null;
  const options = people.map((p) => ({ value: String(p.userId), label: p.name }));

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readAmount(amount, code);
    const time = settlementInstant(date);
    if (from === null || toValue === null || from === toValue) return setProblem('Choose two different members');
    if (code === null || read.state !== 'ok') return;
    if (time === undefined) return setProblem('Choose the day it was paid');
    setProblem(null);
    add.mutate(
      {
        fromUserId: Number(from),
        toUserId: Number(toValue),
        amount: read.text,
        currency: code,
        time: time.toISOString(),
        description: note,
      },
      {
        onSuccess: (saved) => {
          notifySuccess(`Settlement recorded (${formatMoney(saved.amount, saved.currency)})`);
          setAmount('');
          setNote('');
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="md">
      <form onSubmit={submit} aria-label="Record a settlement">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Record a settlement
          </Title>
          <Text size="sm" c="dimmed">
            Money one member gave another, in any currency of the book: it counts here only, at its day&apos;s rate, and
            moves no balance of the book&apos;s pockets.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select label="From" required allowDeselect={false} data={options} value={from} onChange={setFrom} />
            <Select label="To" required allowDeselect={false} data={options} value={toValue} onChange={setTo} />
            <AmountInput required value={amount} onChange={setAmount} currency={code} />
            <CurrencyPicker required value={code} onChange={setCurrency} codes={codes} />
            <TextInput
              type="date"
              label="Date"
              required
              max={toLocalDateValue(new Date())}
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
            />
            <TextInput label="Note" maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          </SimpleGrid>
          {problem !== null && (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {problem}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              Record settlement
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
