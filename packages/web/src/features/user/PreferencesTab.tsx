import { Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { dateFormats, numberFormats, type DateFormat, type NumberFormat } from '@kassa/money';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../i18n/languages';
import { changeLanguage, currentLanguage } from '../../i18n/use-language';
import {
  dateFormatExample,
  displayFormatOf,
  formatDate,
  formatMoney,
  formatTime,
  numberFormatExample,
} from '../../lib/display-format';
import { notifySuccess } from '../../lib/notify';
import { useUserInfo } from '../../shared/global-data';
import { useSavePreferences } from './api';
import { t as text, useT } from './i18n';

type FormatField = 'numberFormat' | 'dateFormat';

/**
 * The format field whose change was just saved. A new format remakes the page
 * (shared/preferences.ts), this tab included; the new tab puts focus back on the field, so a
 * keyboard user stays in place. (A new language only re-renders the texts: focus stays.)
 */
let refocus: FormatField | undefined;

/**
 * A format field's ref: focus returns to it when the page was remade for its change. Made once, so
 * React calls it when a field is mounted, not on each render of the page about to go.
 */
const refocusing = (field: FormatField) => (select: HTMLSelectElement | null) => {
  if (select === null || refocus !== field) return;
  refocus = undefined;
  select.focus();
};
const refocusNumberFormat = refocusing('numberFormat');
const refocusDateFormat = refocusing('dateFormat');

/** The example amount's currency before a main currency is chosen. */
const EXAMPLE_CURRENCY = 'EUR';

const isNumberFormat = (v: string): v is NumberFormat => numberFormats.some((f) => f === v);
const isDateFormat = (v: string): v is DateFormat => dateFormats.some((f) => f === v);

/**
 * private/user/preferences (issue 36): the language of the texts and, apart from it, how numbers
 * and dates are written. Each choice is saved as it is made (POST account/preferences) and shows
 * on every screen at once; today's date and an amount show each choice.
 */
export function PreferencesTab() {
  const { t } = useT();
  const info = useUserInfo();
  const save = useSavePreferences();

  if (info.isPending) return <Loader size="sm" role="status" aria-label={t('preferences.loading')} />;
  if (info.isError) return <Text c="dimmed">{t('preferences.failed')}</Text>;

  const saved = displayFormatOf(info.data);
  // While a choice is on its way, the field shows it.
  const pending = save.isPending ? save.variables : undefined;
  const chosen = { ...saved, language: info.data.language ?? currentLanguage(), ...pending };
  const store = (request: Parameters<typeof save.mutate>[0], field?: FormatField) =>
    save.mutate(request, {
      onSuccess: () => {
        refocus = field;
        notifySuccess(text('preferences.saved'));
      },
    });
  const now = new Date();

  return (
    <Stack gap="md" maw={420}>
      <Text size="sm">{t('preferences.intro')}</Text>
      <NativeSelect
        label={t('preferences.language')}
        value={chosen.language}
        data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        onChange={(e) => {
          const next = e.currentTarget.value;
          if (!isLanguage(next)) return;
          store({ language: next });
          void changeLanguage(next);
        }}
      />
      <NativeSelect
        ref={refocusNumberFormat}
        label={t('preferences.numberFormat')}
        value={chosen.numberFormat}
        data={numberFormats.map((f) => ({ value: f, label: numberFormatExample(f) }))}
        onChange={(e) => {
          const next = e.currentTarget.value;
          if (isNumberFormat(next)) store({ numberFormat: next }, 'numberFormat');
        }}
      />
      <NativeSelect
        ref={refocusDateFormat}
        label={t('preferences.dateFormat')}
        value={chosen.dateFormat}
        data={dateFormats.map((f) => ({ value: f, label: `${dateFormatExample(f, now)}  (${f})` }))}
        onChange={(e) => {
          const next = e.currentTarget.value;
          if (isDateFormat(next)) store({ dateFormat: next }, 'dateFormat');
        }}
      />
      <Text size="sm" c="dimmed" data-testid="format-example">
        {t('preferences.example')}: {formatMoney(-1234.5, info.data.mainCurrency ?? EXAMPLE_CURRENCY)} ·{' '}
        {formatDate(now)} {formatTime(now)}
      </Text>
    </Stack>
  );
}
