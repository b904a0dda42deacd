import { Button, PasswordInput, Text } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { useUserInfo } from '../../shared/global-data';
import { endSession } from '../../shared/session';
import { notifySuccess } from '../../lib/notify';
import { useChangePassword } from './api';
import { t as text, useT } from './i18n';
import { NewPasswordFields } from '../public';

/**
 * private/user/changes: old password, new password twice with the sign-up's live criteria. The
 * server voids every earlier token on success, so the user is logged out to the login page to
 * sign in with the new password.
 */
export function ChangePasswordTab() {
  const { t } = useT();
  const email = useUserInfo().data?.email ?? '';
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [newPassword2, setNewPassword2] = useState('');
  const change = useChangePassword();

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Criteria are guidance (as at sign-up); the server refuses a short or mismatched password with its message.
    change.mutate(
      { oldPassword, newPassword, newPassword2 },
      {
        onSuccess: () => {
          endSession('/public/login');
          notifySuccess(text('password.changed'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label={t('password.form')}>
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <Text size="sm" c="dimmed" mb="sm">
        {t('password.intro')}
      </Text>
      <PasswordInput
        label={t('password.old')}
        autoComplete="current-password"
        required
        value={oldPassword}
        onChange={(e) => setOldPassword(e.currentTarget.value)}
      />
      <NewPasswordFields
        label={t('password.new')}
        password={newPassword}
        password2={newPassword2}
        onPassword={setNewPassword}
        onPassword2={setNewPassword2}
      />
      <Button type="submit" mt="lg" loading={change.isPending}>
        {t('password.submit')}
      </Button>
    </form>
  );
}
