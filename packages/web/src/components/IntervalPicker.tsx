import { Button, Group, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import { endOfDay, parseLocal, startOfDay, toLocalDateValue } from '../lib/local-time';
import { QUICK_RANGES, quickRange, type DayInterval, type QuickRange } from './interval';

/** Spec §9: typed dates take effect after a pause of one second. */
export const INTERVAL_DEBOUNCE_MS = 1000;

interface Props {
  value: DayInterval;
  onChange: (interval: DayInterval) => void;
  /** More presets after the quick buttons (the transaction list adds 'Last month' and 'Last year'). */
  presets?: readonly QuickRange[];
  /** Smaller fields, for a panel that should not push its results down (the transaction list). */
  compact?: boolean;
}

/**
 * Start and end date fields and the quick buttons MTD, 1 M, 3 M, 1 Y, YTD (spec §2). Typed dates
 * apply one second after the last keystroke and only when both are real dates in order; the
 * buttons apply at once.
 */
export function IntervalPicker({ value, onChange, presets = [], compact = false }: Props) {
  const { t } = useT();
  const key = `${value.start.getTime()}-${value.end.getTime()}`;
  const [fields, setFields] = useState({ key, start: toLocalDateValue(value.start), end: toLocalDateValue(value.end) });
  // Follow the value when the parent changes it (a quick button, a reset), during render.
  if (fields.key !== key) setFields({ key, start: toLocalDateValue(value.start), end: toLocalDateValue(value.end) });
  const { start, end } = fields;
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const typed = (nextStart: string, nextEnd: string) => {
    setFields({ key, start: nextStart, end: nextEnd });
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const s = parseLocal(nextStart);
      const e = parseLocal(nextEnd);
      if (s !== undefined && e !== undefined && s <= e) onChange({ start: startOfDay(s), end: endOfDay(e) });
    }, INTERVAL_DEBOUNCE_MS);
  };
  const invalid = (() => {
    const s = parseLocal(start);
    const e = parseLocal(end);
    return s !== undefined && e !== undefined && s > e;
  })();

  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        type="date"
        label={t('interval.start')}
        value={start}
        onChange={(e) => typed(e.currentTarget.value, end)}
        w={compact ? 140 : 160}
        size={compact ? 'xs' : 'sm'}
        error={invalid ? t('interval.afterEnd') : undefined}
      />
      <TextInput
        type="date"
        label={t('interval.end')}
        value={end}
        onChange={(e) => typed(start, e.currentTarget.value)}
        w={compact ? 140 : 160}
        size={compact ? 'xs' : 'sm'}
      />
      <Group gap={4} wrap={presets.length > 0 ? 'wrap' : 'nowrap'}>
        {[...QUICK_RANGES, ...presets].map((r) => (
          <Button
            key={r}
            size={compact ? 'compact-xs' : 'compact-sm'}
            className="kassa-touch-target"
            variant="default"
            onClick={() => {
              window.clearTimeout(timer.current);
              onChange(quickRange(r));
            }}
          >
            {t(`interval.range.${r}`)}
          </Button>
        ))}
      </Group>
    </Group>
  );
}
