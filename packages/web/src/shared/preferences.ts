import { useLayoutEffect } from 'react';
import { displayFormatOf, setDisplayFormat, useDisplayFormat } from '../lib/display-format';
import { useUserInfo } from './global-data';

/**
 * Puts the signed-in person's number and date formats (account/userinfo, issue 36) in force and
 * answers a key that changes with them. The private layout keys the page with it, so a change
 * (the Preferences tab writes the new formats into the cached userinfo) re-renders every figure,
 * chart and date at once, whatever function computed them: formatters are plain functions called
 * from render, memos and chart props, and a remount is the one way that reaches them all. It is
 * rare (a choice on the Preferences tab, or a first sign-in on this browser) and the cached
 * answers stay, so nothing loads again. The layout effect applies the formats before the browser
 * paints, so the old ones never show.
 */
export function useDisplayFormatKey(): string {
  const info = useUserInfo().data;
  useLayoutEffect(() => {
    if (info !== undefined) setDisplayFormat(displayFormatOf(info));
  }, [info]);
  const format = useDisplayFormat();
  return `${format.numberFormat} ${format.dateFormat}`;
}
