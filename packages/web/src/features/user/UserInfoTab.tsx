import { Loader, Table, Text } from '@mantine/core';
import { useSupportedCurrencies, useUserInfo } from '../../shared/global-data';
import { useT } from './i18n';

/** The main currency as "EUR · Euro", or the bare code while the currency list loads. */
function useCurrencyLabel(code: string | null): string {
  const supported = useSupportedCurrencies().data;
  if (code === null) return '';
  const name = supported?.find((c) => c.code === code)?.name;
  return name === undefined ? code : `${code} · ${name}`;
}

/** private/user/userinfo: who is signed in, read only. */
export function UserInfoTab() {
  const { t } = useT();
  const info = useUserInfo();
  const currency = useCurrencyLabel(info.data?.mainCurrency ?? null);

  if (info.isPending) return <Loader size="sm" role="status" aria-label={t('info.loading')} />;
  // Spec §8: a failed user-info load is only logged; say so here rather than show empty rows.
  if (info.isError) return <Text c="dimmed">{t('info.failed')}</Text>;

  const rows: [string, string][] = [
    [t('info.email'), info.data.email],
    [t('info.firstName'), info.data.firstName],
    [t('info.lastName'), info.data.lastName],
    [t('info.mainCurrency'), currency],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label={t('info.label')}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={{ base: 120, xs: 160 }} scope="row">
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {value === '' ? (
                <Text span c="dimmed" aria-label={t('info.notSet')}>
                  —
                </Text>
              ) : (
                value
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
