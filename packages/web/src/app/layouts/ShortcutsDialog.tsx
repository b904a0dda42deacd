import { Kbd, Modal, Table } from '@mantine/core';
import { Fragment } from 'react';
import { useT } from '../../i18n';
import { isNamedKey, SHORTCUTS } from '../../lib/keyboard';

/** The list `?` opens: every key the app answers to. */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t('shortcuts.title')} size="md">
      <Table verticalSpacing="xs">
        <Table.Tbody>
          {SHORTCUTS.map((s) => (
            <Table.Tr key={s.action}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {s.keys.map((k, i) => (
                  <Fragment key={k}>
                    {i > 0 && ` ${t('shortcuts.or')} `}
                    <Kbd>{isNamedKey(k) ? t(`shortcuts.keys.${k}`) : k}</Kbd>
                  </Fragment>
                ))}
              </Table.Td>
              <Table.Td>{t(`shortcuts.${s.action}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
