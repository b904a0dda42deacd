import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { parseLocal, toLocalDateValue } from '../../lib/local-time';
import { useT } from './i18n';

/** The day holdings and balances are shown for; a typed date applies once it is a real day, not in the future. */
export function AsOfDatePicker({ value, onChange }: { value: Date; onChange: (day: Date) => void }) {
  const { t } = useT();
  const [text, setText] = useState(toLocalDateValue(value));
  const today = toLocalDateValue(new Date());
  return (
    <TextInput
      type="date"
      label={t('filters.date')}
      w={160}
      value={text}
      max={today}
      error={text > today ? t('filters.inFuture') : undefined}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const day = parseLocal(next);
        if (day !== undefined && next <= today) onChange(day);
      }}
    />
  );
}
