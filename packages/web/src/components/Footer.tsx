import { Text } from '@mantine/core';
import { PRODUCT_VERSION } from '@kassa/contract/constants';

/** Product version and copyright year, shown in the public and private footers. */
export function Footer() {
  return (
    <Text size="xs" c="dimmed" ta="center" py="sm">
      Kassa v{PRODUCT_VERSION} · © {new Date().getFullYear()}
    </Text>
  );
}
