import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UpcomingItem } from '@kassa/contract';
import { AmountInput } from '../../../components/AmountInput';
import { asksEachTime, dateText } from '../entry-text';
import { useOccurrenceForm } from './use-occurrence-form';

interface Props {
  opened: boolean;
  /** The occurrence to confirm (kept while the dialog fades out). */
  item: UpcomingItem | null;
  /** The entry's name, for the title. */
  name: string;
  onClose: () => void;
}

/**
 * Confirm one occurrence with changes for this posting only: its amount(s) (required when the
 * schedule asks each time), description and posting day. Mounted with the occurrence as key.
 */
export function OccurrenceDialog({ opened, item, name, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Confirm ${name}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {item !== null && <OccurrenceForm key={`${item.scheduleId}-${item.occurrence}`} item={item} onClose={onClose} />}
    </Modal>
  );
}

/** The occurrence's amount(s), description and day, with Cancel and Confirm. */
function OccurrenceForm({ item, onClose }: { item: UpcomingItem; onClose: () => void }) {
  const p = item.payload;
  const ask = asksEachTime(p);
  const { values, errors, general, set, submit, pending } = useOccurrenceForm(item, onClose);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {ask
            ? 'This schedule asks for the amount each time. The changes apply to this posting only.'
            : `Scheduled for ${dateText(item.date).replace(/\.?$/, '.')} Changes apply to this posting only.`}
        </Text>
        {p.kind === 'conversion' ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <AmountInput
              label={`From amount (${p.fromCurrency})`}
              required
              data-autofocus
              value={values.fromAmount}
              error={errors.fromAmount}
              onChange={(v) => set('fromAmount', v)}
            />
            <AmountInput
              label={`To amount (${p.toCurrency})`}
              required
              value={values.toAmount}
              error={errors.toAmount}
              onChange={(v) => set('toAmount', v)}
            />
          </SimpleGrid>
        ) : (
          <AmountInput
            label={`Amount (${p.currency})`}
            required
            data-autofocus
            value={values.amount}
            error={errors.amount}
            onChange={(v) => set('amount', v)}
          />
        )}
        <Textarea
          label="Description"
          rows={2}
          value={values.description}
          error={errors.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="Day"
          required
          value={values.date}
          error={errors.date}
          onChange={(e) => set('date', e.currentTarget.value)}
        />
        {general !== null && (
          <Alert color="red" role="alert">
            {general}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
