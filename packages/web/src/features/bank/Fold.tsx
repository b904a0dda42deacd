import { Button, Collapse } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';

/**
 * A section of a connection's card that opens on demand (pending rows, the sync log): its content
 * is made only once opened, so a closed list loads nothing.
 */
export function Fold({ label, children }: { label: string; children: (open: boolean) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
        leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
      >
        {label}
      </Button>
      <Collapse expanded={open} id={id}>
        {children(open)}
      </Collapse>
    </div>
  );
}
