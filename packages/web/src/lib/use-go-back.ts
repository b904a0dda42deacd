import { useNavigate } from 'react-router';

/**
 * Goes to the previous page of this app, or to `fallback` when the page was opened directly
 * (react-router keeps the history index in history.state.idx).
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (idx > 0 ? navigate(-1) : navigate(fallback, { replace: true }));
  };
}
