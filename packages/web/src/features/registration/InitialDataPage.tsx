import { StarterCategories, starterName, STARTER_CATEGORIES, type StarterCategory } from './StarterCategories';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { useSupportedCurrencies } from '../../shared/global-data';
import { useInitialData } from './api';
import { useT } from './i18n';
import { RegistrationFrame } from './RegistrationFrame';
import { useStepGate } from './use-step-gate';

/** Step 4: names, the main currency, what its default pocket holds today, and starter categories. */
export function InitialDataPage() {
  const { t } = useT();
  const gate = useStepGate('initial-data');
  const currencies = useSupportedCurrencies();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [mainCurrency, setMainCurrency] = useState<string | null>(null);
  const [startBalance, setStartBalance] = useState('0');
  // Every starter category pre-ticked (issue 22): unticking is easier than typing.
  const [starters, setStarters] = useState<StarterCategory[]>(() =>
    STARTER_CATEGORIES.map((c) => ({ ...c, picked: true })),
  );
  const save = useInitialData();

  if (gate !== undefined) return gate;
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Save stays disabled until a main currency is chosen.
    if (mainCurrency !== null)
      save.mutate({
        firstName,
        lastName,
        mainCurrency,
        startBalance,
        // Starter categories are made in the language the page shows.
        categories: starters
          .filter((c) => c.picked)
          .map((c) => ({ name: starterName(c).trim(), isIncome: c.isIncome })),
      });
  };
  const options = (currencies.data ?? []).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));
  return (
    <RegistrationFrame step={3} title={t('initial.title')} intro={t('initial.intro')}>
      <form onSubmit={submit}>
        <TextInput
          label={t('initial.firstName')}
          required
          autoComplete="given-name"
          value={firstName}
          onChange={(e) => setFirstName(e.currentTarget.value)}
        />
        <TextInput
          mt="sm"
          label={t('initial.lastName')}
          autoComplete="family-name"
          value={lastName}
          onChange={(e) => setLastName(e.currentTarget.value)}
        />
        <Select
          mt="sm"
          label={t('initial.mainCurrency')}
          required
          searchable
          placeholder={t('initial.pickCurrency')}
          data={options}
          value={mainCurrency}
          onChange={setMainCurrency}
          nothingFoundMessage={t('initial.noCurrency')}
        />
        <TextInput
          mt="sm"
          label={t('initial.startBalance')}
          description={t('initial.startBalanceHint')}
          required
          value={startBalance}
          onChange={(e) => setStartBalance(e.currentTarget.value)}
        />
        <StarterCategories value={starters} onChange={setStarters} />
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={save.isPending} disabled={mainCurrency === null}>
            {t('initial.save')}
          </Button>
        </Group>
      </form>
    </RegistrationFrame>
  );
}
