import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ConfirmContext, type ConfirmAnswer, type ConfirmOptions } from './confirm-context';

const ConfirmDialog = lazy(async () => ({ default: (await import('./ConfirmDialog')).ConfirmDialog }));

/**
 * The global confirm dialog (spec §2): title, optional text, Yes, optional No, Cancel. Mantine's
 * modal locks page scroll while open. Closing it any other way (Escape, the overlay) is Cancel.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  // The last question stays on screen while the dialog fades out.
  const [shown, setShown] = useState<ConfirmOptions>({});
  const [asked, setAsked] = useState(false);
  // The unanswered question's resolve.
  const current = useRef<((answer: ConfirmAnswer) => void) | undefined>(undefined);

  const confirm = useCallback(
    (options: ConfirmOptions = {}) =>
      new Promise<ConfirmAnswer>((resolve) => {
        current.current?.('cancel'); // a second question replaces an unanswered one
        current.current = resolve;
        setOpened(true);
        setShown(options);
        setAsked(true);
      }),
    [],
  );

  const answer = (value: ConfirmAnswer) => {
    current.current?.(value);
    current.current = undefined;
    setOpened(false);
  };

  const value = useMemo(() => ({ confirm }), [confirm]);
  return (
    <ConfirmContext value={value}>
      {children}
      {/* The dialog's code (modal, focus trap, scroll lock) loads with the first question. */}
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialog opened={opened} options={shown} onAnswer={answer} />
        </Suspense>
      )}
    </ConfirmContext>
  );
}
