import { Switch, TextInput, Textarea } from '@mantine/core';
import type { Category } from '@kassa/contract';
import { useState } from 'react';
import { useT } from '../i18n';
import { MonthlyLimitInput } from './MonthlyLimitInput';
import { parseMonthlyLimit } from './category-lists';

type Values = Pick<Category, 'name' | 'description' | 'monthlyLimit'> & { rollover?: boolean };

/**
 * Name, description and, where the category has one, monthly limit and budget rollover: the fields and checks the add
 * panel and the editor share. `check` shows what is wrong and returns the trimmed values when all
 * is well; without a limit field the initial limit is kept.
 */
export function useCategoryFields(initial: Values, withLimit: boolean, { autoFocus = false } = {}) {
  const { t } = useT();
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [limit, setLimit] = useState(initial.monthlyLimit === null ? '' : String(initial.monthlyLimit));
  const [rollover, setRollover] = useState(initial.rollover ?? false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [limitError, setLimitError] = useState<string | null>(null);

  const check = (): Values | undefined => {
    const parsedLimit = withLimit ? parseMonthlyLimit(limit) : { ok: true as const, value: initial.monthlyLimit };
    setNameError(name.trim() === '' ? t('nameRequired') : null);
    setLimitError(parsedLimit.ok ? null : parsedLimit.error);
    if (name.trim() === '' || !parsedLimit.ok) return undefined;
    const values = { name: name.trim(), description: description.trim(), monthlyLimit: parsedLimit.value };
    return withLimit ? { ...values, rollover } : values;
  };

  const fields = (
    <>
      <TextInput
        label={t('name')}
        required
        maxLength={100}
        data-autofocus={autoFocus || undefined}
        value={name}
        error={nameError}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Textarea
        label={t('description')}
        rows={3}
        maxLength={500}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
      />
      {withLimit && <MonthlyLimitInput value={limit} onChange={setLimit} error={limitError} />}
      {withLimit && (
        <Switch
          label={t('category.rollover')}
          description={t('category.rolloverHint')}
          checked={rollover}
          onChange={(e) => setRollover(e.currentTarget.checked)}
        />
      )}
    </>
  );
  return { fields, check };
}
