import {
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useId } from 'react';
import { useT } from './i18n';
import { MAX_WEIGHT, MIN_WEIGHT, type ShareMode, type SplitDraft } from './use-split-draft';

const MODES: ShareMode[] = ['equal', 'weights'];

/**
 * The entry form's Split section in a shared book (issue 34): the switch, who paid, how the shares
 * are given, and per member a tick, a weight (by weights) and their part of the amount, live.
 */
export function SplitFields({ split }: { split: SplitDraft }) {
  const { t } = useT();
  const modeLabel = useId();
  if (!split.visible) return null;
  return (
    <Fieldset legend={t('split.legend')} variant="filled" p="sm" data-split>
      <Stack gap="sm">
        <Switch
          label={t('split.switch')}
          description={t('split.switchHint')}
          checked={split.on}
          onChange={(e) => split.setOn(e.currentTarget.checked)}
        />
        {split.on && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Select
                label={t('split.paidBy')}
                allowDeselect={false}
                data={split.people.map((p) => ({ value: String(p.userId), label: p.name }))}
                value={split.payer === null ? null : String(split.payer)}
                onChange={(v) => v !== null && split.setPaidBy(Number(v))}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id={modeLabel}>
                  {t('split.shares')}
                </Text>
                <SegmentedControl
                  aria-labelledby={modeLabel}
                  value={split.mode}
                  onChange={(v) => split.setMode(v === 'weights' ? 'weights' : 'equal')}
                  data={MODES.map((mode) => ({ value: mode, label: t(`split.${mode}`) }))}
                  fullWidth
                />
              </Stack>
            </SimpleGrid>
            <Stack
              component="ul"
              aria-label={t('split.members')}
              gap={6}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {split.lines.map((line) => (
                <Group
                  component="li"
                  key={line.person.userId}
                  aria-label={line.person.name}
                  justify="space-between"
                  wrap="nowrap"
                  gap="xs"
                  mih={32}
                  data-share={line.person.name}
                >
                  <Checkbox
                    label={line.person.name}
                    checked={line.ticked}
                    onChange={(e) => split.toggle(line.person.userId, e.currentTarget.checked)}
                    styles={{ label: { overflowWrap: 'anywhere' } }}
                    style={{ minWidth: 0, flex: 1 }}
                  />
                  <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                    {split.mode === 'weights' && (
                      <NumberInput
                        aria-label={t('split.weightOf', { name: line.person.name })}
                        size="xs"
                        w={76}
                        min={MIN_WEIGHT}
                        max={MAX_WEIGHT}
                        allowDecimal={false}
                        allowNegative={false}
                        clampBehavior="strict"
                        disabled={!line.ticked}
                        value={line.weight}
                        onChange={(v) =>
                          split.setWeight(line.person.userId, typeof v === 'number' ? v : v === '' ? '' : Number(v))
                        }
                      />
                    )}
                    <Text size="sm" ta="right" miw={84} style={{ whiteSpace: 'nowrap' }} data-part>
                      {line.ticked ? line.part : '—'}
                    </Text>
                  </Group>
                </Group>
              ))}
            </Stack>
            {split.problem !== null && (
              <Text size="sm" c="var(--mantine-color-error)" role="alert">
                {split.problem}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
