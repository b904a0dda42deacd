import { Alert, Anchor, Box, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useT } from '../i18n';

/** One currency's line: its rate ("1 EUR = 1.0842 USD"), the day(s) of the stored rates and their source(s). */
export interface RateProvenanceLine {
  currency: string;
  rate: string;
  day: string;
  source: string;
}

interface Props {
  /** The short line, e.g. "Rates of 2026.05.04. (bundled history)". */
  caption: string;
  lines: readonly RateProvenanceLine[];
  /** Names the block for tests and screen readers, e.g. "balances". */
  name: string;
  /** Stale rates behind the figures (issue 32), in words: shown above the caption. */
  warning?: string | undefined;
}

/**
 * The warning of stale rates (issue 32): "Rates are from 2026.09.30, 59 days old: the last
 * refresh failed (…). Converted figures may be off." A light yellow box beside the figures it is
 * about, read out politely (role status), not an interrupting alert.
 */
export function StaleRatesWarning({ warning }: { warning: string }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      p="xs"
      radius="sm"
      role="status"
      icon={<IconAlertTriangle size={16} />}
      data-stale-rates
      styles={{ icon: { marginInlineEnd: 8 } }}
    >
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        {warning}
      </Text>
    </Alert>
  );
}

/**
 * Where converted figures come from (issue 21): a short caption under them and a "Rates used"
 * toggle that lists each currency's rate, day and source in place (not a hover tooltip, so it
 * works the same on a phone and from the keyboard). Clicks stay inside: the balances card, which
 * reveals its hidden figures on a click, does not see them. Stale rates are warned of above it.
 */
export function RateProvenance({ caption, lines, name, warning }: Props) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <Box
      mt="xs"
      data-rate-provenance={name}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      style={{ minWidth: 0, overflowWrap: 'anywhere' }}
    >
      {warning !== undefined && (
        <Box mb={6}>
          <StaleRatesWarning warning={warning} />
        </Box>
      )}
      <Text size="xs" c="dimmed" span data-rates-caption>
        {caption}
      </Text>{' '}
      <Anchor
        component="button"
        type="button"
        size="xs"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('rates.hide') : t('rates.show')}
      </Anchor>
      {open && (
        <Stack gap={4} mt={6} id={listId} role="list" aria-label={t('rates.list')}>
          {lines.map((l) => (
            <Box key={l.currency} role="listitem" data-rate-line={l.currency}>
              <Text size="xs" fw={600} span>
                {l.rate}
              </Text>
              <Text size="xs" c="dimmed">
                {l.day} · {l.source}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
