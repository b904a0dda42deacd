import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useT } from '../i18n';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages';
import { useLanguage } from '../i18n/use-language';

/**
 * The public pages' language picker (issue 36): each language by its own name, the choice
 * remembered in this browser. A native select: light on the first load, and a phone's own list.
 */
export function LanguagePicker() {
  const { t } = useT();
  const { language, changeLanguage } = useLanguage();
  return (
    <NativeSelect
      size="xs"
      w={130}
      aria-label={t('language')}
      leftSection={<IconLanguage size={14} stroke={1.5} aria-hidden />}
      value={language}
      onChange={(e) => {
        const chosen = e.currentTarget.value;
        if (isLanguage(chosen)) void changeLanguage(chosen);
      }}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </NativeSelect>
  );
}
