import { Outlet } from 'react-router';
import { useDisplayFormatKey } from '../shared/preferences';

/**
 * The private area under the person's number and date formats (issue 36): keyed by them, so a
 * change remounts the shell and the page with every figure in the new format (shared/preferences.ts
 * says why a remount). Cached answers stay; nothing loads again.
 */
export function DisplayFormatScope() {
  return <Outlet key={useDisplayFormatKey()} />;
}
