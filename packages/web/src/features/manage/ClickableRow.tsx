import { Table, type TableTrProps } from '@mantine/core';

/** A table row that opens something: clickable, focusable and opened with Enter too. */
export function ClickableRow({ onOpen, children, ...rest }: TableTrProps & { onOpen: () => void }) {
  return (
    <Table.Tr
      {...rest}
      tabIndex={0}
      style={{ cursor: 'pointer' }}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onOpen();
      }}
    >
      {children}
    </Table.Tr>
  );
}
