import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useT } from './i18n';
import { passwordCriteria } from './password-criteria';

/** The live password criteria of sign-up and password change (spec §5): guidance only, never blocking. */
export function PasswordCriteriaList({ password, password2 }: { password: string; password2: string }) {
  const { t } = useT();
  return (
    <List mt="md" spacing={4} size="sm" aria-label={t('password.criteria')} center>
      {passwordCriteria(password, password2).map((c) => (
        <List.Item
          key={c.label}
          data-met={c.met}
          icon={
            <ThemeIcon color={c.met ? 'teal' : 'gray'} size={18} radius="xl" variant={c.met ? 'filled' : 'light'}>
              {c.met ? (
                <IconCheck size={12} aria-label={t('password.met')} role="img" />
              ) : (
                <IconX size={12} aria-label={t('password.notMet')} role="img" />
              )}
            </ThemeIcon>
          }
        >
          <Text size="sm" c={c.met ? undefined : 'dimmed'}>
            {c.label}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
