import { createContext, use } from 'react';

export type ConfirmAnswer = 'yes' | 'no' | 'cancel';

export interface ConfirmOptions {
  /** Defaults to 'Are you sure?'. */
  title?: string;
  /** Defaults to 'This action can not be undone!'. */
  text?: string;
  /** Offers No beside Yes and Cancel, for questions where declining differs from backing out. */
  withNo?: boolean;
  /** Colours Yes as a destructive action. */
  danger?: boolean;
}

export const ConfirmContext = createContext<{ confirm: (options?: ConfirmOptions) => Promise<ConfirmAnswer> } | null>(
  null,
);

/** Asks the global confirm dialog; resolves with the button pressed. */
export function useConfirm(): (options?: ConfirmOptions) => Promise<ConfirmAnswer> {
  const ctx = use(ConfirmContext);
  if (ctx === null) throw new Error('useConfirm needs a ConfirmProvider');
  return ctx.confirm;
}
