import type { RegistrationMode } from '@kassa/contract';
import { Alert, Anchor, Button, Text, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_LANGUAGE } from '../../i18n/languages';
import { currentLanguage } from '../../i18n/use-language';
import { usePublicConfig } from '../../shared/global-data';
import { startSession } from '../../shared/session';
import { RegistrationFrame } from '../registration';
import { stepPath } from '../../shared/registration-steps';
import { useSignup } from './api';
import { t as texts, useT } from './i18n';
import { NewPasswordFields } from './NewPasswordFields';

/** What the sign-up says under its title, by the server's REGISTRATION setting. */
const intro = (mode: RegistrationMode) => texts(`signup.intro.${mode}`);

/**
 * Sign-up: e-mail, password twice with live criteria, captcha; then straight to e-mail
 * verification. An invitation's link fills in the address (?email=). While registration is
 * closed the page says so; the form stays for the people an admin invited.
 */
export function SignupPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const mode = config.data?.registration ?? 'referral';
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const signup = useSignup(config.data?.captchaSiteKey, {
    onSuccess: async ({ token }) => {
      startSession(token, t('signup.signedUp'));
      await navigate(stepPath('verify-email'));
    },
  });

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The page's language becomes the account's, and the verification mail's (issue 36). English
    // is what the server mails without one; the private area saves it once (shared/language.ts).
    const language = currentLanguage();
    signup.mutate({ email, password, password2, ...(language === DEFAULT_LANGUAGE ? {} : { language }) });
  };

  return (
    <RegistrationFrame step={0} title={t('signup.title')} intro={intro(mode)}>
      {mode === 'closed' && (
        <Alert color="gray" title={t('signup.closedTitle')}>
          {t('signup.closedText')}
        </Alert>
      )}
      <form onSubmit={submit}>
        <TextInput
          label={t('signup.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <NewPasswordFields
          label={t('signup.password')}
          password={password}
          password2={password2}
          onPassword={setPassword}
          onPassword2={setPassword2}
        />
        <Button type="submit" fullWidth mt="lg" loading={signup.isPending}>
          {t('signup.submit')}
        </Button>
        <Text size="sm" ta="center" mt="md">
          {t('signup.haveAccount')}{' '}
          <Anchor component={Link} to="/public/login">
            {t('signup.logIn')}
          </Anchor>
        </Text>
      </form>
    </RegistrationFrame>
  );
}
