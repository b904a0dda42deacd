import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { passwordCriteria } from '../public/password-criteria';

/** The sign-up's live password criteria for the new password: guidance only, never blocking. */
export function PasswordCriteriaList({ password, password2 }: { password: string; password2: string }) {
  return (
    <List mt="md" spacing={4} size="sm" aria-label="Password criteria" center>
      {passwordCriteria(password, password2).map((c) => (
        <List.Item
          key={c.label}
          data-met={c.met}
          icon={
            <ThemeIcon color={c.met ? 'teal' : 'gray'} size={18} radius="xl" variant={c.met ? 'filled' : 'light'}>
              {c.met ? <IconCheck size={12} aria-label="met" /> : <IconX size={12} aria-label="not met" />}
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
