import { Alert, Anchor, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TokenResponse } from '@kassa/contract';
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, apiRequest } from '../../lib/api';
import { setToken } from '../../lib/token';

/** E-mail and password login; stores the token and enters the private area. */
export function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const { token } = await apiRequest<TokenResponse>('POST', 'auth/login', { email, password });
      setToken(token);
      await navigate('/private');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Internal error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container size={420} py="xl">
      <Title order={2} ta="center">
        Log in
      </Title>
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
        <form onSubmit={(e) => void submit(e)}>
          <Stack>
            <TextInput
              label="E-mail"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            {error !== undefined && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Button type="submit" loading={busy}>
              Login
            </Button>
            <Text size="sm" ta="center">
              No account yet?{' '}
              <Anchor component={Link} to="/public/signup">
                Sign Up
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
