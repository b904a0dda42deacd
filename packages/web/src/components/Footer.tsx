import { Text } from '@mantine/core';
import { PRODUCT_VERSION } from '@kassa/contract/constants';
import { useT } from '../i18n';

/** Product version and copyright year, shown in the public and private footers. */
export function Footer() {
  const { t } = useT();
  return (
    <Text size="xs" c="dimmed" ta="center" py="sm">
      {t('footer', { version: PRODUCT_VERSION, year: new Date().getFullYear() })}
    </Text>
  );
}
