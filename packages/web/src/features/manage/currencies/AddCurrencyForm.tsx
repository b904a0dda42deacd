import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type Ref } from 'react';
import { CurrencyPicker } from '../../../components/CurrencyPicker';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { notifySuccess } from '../../../lib/notify';
import { useAddCurrency } from '../api';
import { useT } from '../i18n';
import { draftPocket, draftsValid, NewPocketList, type DraftPocket } from '../pockets/NewPocketList';
import { defaultPocketName } from './rate-text';

interface Props {
  /** The supported currencies the user lacks: the only ones offered (spec §5). */
  missing: readonly string[];
  onClose: () => void;
  ref?: Ref<HTMLDivElement>;
}

/** Adds a currency with its pockets; choosing a currency pre-fills 'Default pocket {code}'. */
export function AddCurrencyForm({ missing, onClose, ref }: Props) {
  const { t } = useT();
  const confirm = useConfirm();
  const addCurrency = useAddCurrency();
  const [code, setCode] = useState<string | null>(null);
  const [pockets, setPockets] = useState<DraftPocket[]>([]);
  const [tried, setTried] = useState(false);

  const choose = (next: string) => {
    // The pre-filled name follows the currency; names the user typed stay as they are.
    setPockets((current) =>
      current.length === 0
        ? [draftPocket(defaultPocketName(next))]
        : current.map((p) =>
            code !== null && p.name === defaultPocketName(code) ? { ...p, name: defaultPocketName(next) } : p,
          ),
    );
    setCode(next);
  };

  const save = async () => {
    setTried(true);
    if (code === null || !draftsValid(pockets)) return;
    if ((await confirm()) !== 'yes') return;
    const items = pockets.map((p) => ({ name: p.name.trim(), isCash: p.isCash }));
    const done = await addCurrency.mutateAsync({ currency: code, items }).then(
      () => true,
      () => false,
    );
    if (!done) return;
    notifySuccess(t('currency.added', { currency: code }));
    onClose();
  };

  return (
    <Card withBorder radius="md" padding="md" ref={ref} data-testid="add-currency-panel">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('currency.addTitle')}
          </Title>
          <CurrencyPicker
            codes={missing}
            value={code}
            onChange={choose}
            placeholder={t('currency.choose')}
            required
            error={tried && code === null ? t('currency.choose') : null}
            comboboxProps={{ withinPortal: true }}
          />
          {code !== null && (
            <>
              <Text size="sm" fw={500}>
                {t('currency.pocketsIn', { currency: code })}
              </Text>
              <NewPocketList pockets={pockets} onChange={setPockets} showErrors={tried} />
              {pockets.length === 0 && (
                <Text size="xs" c="dimmed">
                  {t('currency.withoutPockets', { name: defaultPocketName(code) })}
                </Text>
              )}
            </>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={addCurrency.isPending}>
              {t('currency.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
