import { Anchor, Box, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';

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
}

/**
 * Where converted figures come from (issue 21): a short caption under them and a "Rates used"
 * toggle that lists each currency's rate, day and source in place (not a hover tooltip, so it
 * works the same on a phone and from the keyboard). Clicks stay inside: the balances card, which
 * reveals its hidden figures on a click, does not see them.
 */
export function RateProvenance({ caption, lines, name }: Props) {
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
        {open ? 'Hide rates' : 'Rates used'}
      </Anchor>
      {open && (
        <Stack gap={4} mt={6} id={listId} role="list" aria-label="Rates used">
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
