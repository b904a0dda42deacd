import { PasswordInput } from '@mantine/core';
import { PasswordCriteriaList } from './PasswordCriteriaList';

interface Props {
  /** "Password" at sign-up, "New password" on the password tab; the second field adds " again". */
  label: string;
  password: string;
  password2: string;
  onPassword: (value: string) => void;
  onPassword2: (value: string) => void;
}

/** A new password typed twice, with the live criteria below (spec §5), shared by sign-up and password change. */
export function NewPasswordFields({ label, password, password2, onPassword, onPassword2 }: Props) {
  return (
    <>
      <PasswordInput
        mt="sm"
        label={label}
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
      />
      <PasswordInput
        mt="sm"
        label={`${label} again`}
        autoComplete="new-password"
        required
        value={password2}
        onChange={(e) => onPassword2(e.currentTarget.value)}
      />
      <PasswordCriteriaList password={password} password2={password2} />
    </>
  );
}
