import { PasswordInput } from '@mantine/core';
import { useT } from './i18n';
import { PasswordCriteriaList } from './PasswordCriteriaList';

interface Props {
  /** "Password" at sign-up, "New password" on the password tab; the second field adds " again". */
  label: string;
  password: string;
  password2: string;
  onPassword: (value: string) => void;
  onPassword2: (value: string) => void;
  /** A refusal of the server to show under each field (the password reset page). */
  error?: string | undefined;
  error2?: string | undefined;
}

/** A new password typed twice, with the live criteria below (spec §5), shared by sign-up and password change. */
export function NewPasswordFields({ label, password, password2, onPassword, onPassword2, error, error2 }: Props) {
  const { t } = useT();
  return (
    <>
      <PasswordInput
        mt="sm"
        label={label}
        autoComplete="new-password"
        required
        value={password}
        error={error}
        onChange={(e) => onPassword(e.currentTarget.value)}
      />
      <PasswordInput
        mt="sm"
        label={t('password.again', { label })}
        autoComplete="new-password"
        required
        value={password2}
        error={error2}
        onChange={(e) => onPassword2(e.currentTarget.value)}
      />
      <PasswordCriteriaList password={password} password2={password2} />
    </>
  );
}
