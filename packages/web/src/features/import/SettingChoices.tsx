import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import type { ImportPreview } from '@kassa/contract';
import {
  choiceOf,
  DATE_FORMATS,
  DECIMAL_SEPARATORS,
  DELIMITERS,
  ENCODINGS,
  FORMATS,
  keyOf,
  THOUSANDS_SEPARATORS,
  type Choice,
  type SettingChange,
} from './settings';
import { useState } from 'react';

const selectData = <T,>(list: readonly Choice<T>[]) => list.map((c) => ({ value: c.key, label: c.label }));

function ChoiceSelect<T>({
  label,
  list,
  value,
  onPick,
}: {
  label: string;
  list: readonly Choice<T>[];
  value: T | undefined;
  onPick: (value: T) => void;
}) {
  return (
    <Select
      label={label}
      data={selectData(list)}
      value={keyOf(list, value)}
      allowDeselect={false}
      onChange={(key) => {
        const picked = choiceOf(list, key);
        if (picked !== undefined && picked !== value) onPick(picked);
      }}
    />
  );
}

/** The file's format and encoding and, for CSV, its dialect: each a select. */
export function SettingChoices({
  options,
  onChange,
}: {
  options: ImportPreview['options'];
  onChange: (change: SettingChange) => void;
}) {
  const csv = options.csv;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <ChoiceSelect
        label="Format"
        list={FORMATS}
        value={options.format}
        onPick={(value) => onChange({ field: 'format', value })}
      />
      <ChoiceSelect
        label="Encoding"
        list={ENCODINGS}
        value={options.encoding}
        onPick={(value) => onChange({ field: 'encoding', value })}
      />
      {csv !== undefined && (
        <>
          <ChoiceSelect
            label="Delimiter"
            list={DELIMITERS}
            value={csv.delimiter}
            onPick={(value) => onChange({ field: 'delimiter', value })}
          />
          <SkipLinesInput value={csv.skipLines} onChange={(value) => onChange({ field: 'skipLines', value })} />
          <ChoiceSelect
            label="Decimal separator"
            list={DECIMAL_SEPARATORS}
            value={csv.decimalSeparator}
            onPick={(value) => onChange({ field: 'decimalSeparator', value })}
          />
          <ChoiceSelect
            label="Thousands separator"
            list={THOUSANDS_SEPARATORS}
            value={csv.thousandsSeparator}
            onPick={(value) => onChange({ field: 'thousandsSeparator', value })}
          />
          <ChoiceSelect
            label="Date format"
            list={DATE_FORMATS}
            value={csv.dateFormat}
            onPick={(value) => onChange({ field: 'dateFormat', value })}
          />
        </>
      )}
    </SimpleGrid>
  );
}

/** Title lines: typed freely, sent once it is a whole number (the page waits a moment after typing). */
function SkipLinesInput({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const [text, setText] = useState<string | number>(value);
  // A new preview may have read another number (after another delimiter): show it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  return (
    <NumberInput
      label="Title lines to skip"
      title="Lines above the header row"
      min={0}
      max={1000}
      allowDecimal={false}
      allowNegative={false}
      value={text}
      onChange={(v) => {
        setText(v);
        if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1000) onChange(v);
      }}
    />
  );
}
