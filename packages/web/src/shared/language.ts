import type { Preferences, UserInfo } from '@kassa/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DEFAULT_LANGUAGE } from '../i18n/languages';
import { changeLanguage, currentLanguage } from '../i18n/use-language';
import { apiPost } from '../lib/api';
import { useUserInfo } from './global-data';
import { queryKeys } from './query-keys';

/** Per app (its query cache), the accounts whose language it has saved or is saving: one call each. */
const saved = new WeakMap<QueryClient, Set<string>>();

/**
 * The signed-in person's language (issue 36): the account's, once userinfo says it (a choice on
 * the Preferences tab lands in the cached userinfo and switches the screens here). An account
 * without one yet gets the language this browser shows, saved once (POST account/preferences), so
 * its mails go out in it too; English needs no call, being what the server mails without one.
 */
export function useAccountLanguage(): void {
  const info = useUserInfo().data;
  const queryClient = useQueryClient();
  const email = info?.email;
  const language = info?.language;
  useEffect(() => {
    if (email === undefined || language === undefined) return;
    if (language !== null) {
      void changeLanguage(language);
      return;
    }
    const shown = currentLanguage();
    const asked = saved.get(queryClient) ?? new Set<string>();
    saved.set(queryClient, asked);
    if (shown === DEFAULT_LANGUAGE || asked.has(email)) return;
    asked.add(email);
    apiPost<Preferences>('account/preferences', { language: shown }).then(
      (answer) =>
        queryClient.setQueryData<UserInfo>(queryKeys.userInfo, (old) =>
          old === undefined ? old : { ...old, ...answer },
        ),
      // Not worth a toast: the next visit tries again.
      (err: unknown) => {
        asked.delete(email);
        console.error(err);
      },
    );
  }, [email, language, queryClient]);
}
