import { Kbd, Modal, Table } from '@mantine/core';
import { Fragment } from 'react';
import { SHORTCUTS } from '../../lib/keyboard';

/** The list `?` opens: every key the app answers to. */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="md">
      <Table verticalSpacing="xs">
        <Table.Tbody>
          {SHORTCUTS.map((s) => (
            <Table.Tr key={s.action}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {s.keys.map((k, i) => (
                  <Fragment key={k}>
                    {i > 0 && ' or '}
                    <Kbd>{k}</Kbd>
                  </Fragment>
                ))}
              </Table.Td>
              <Table.Td>{s.action}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
