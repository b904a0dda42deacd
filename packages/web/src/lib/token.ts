import { useSyncExternalStore } from 'react';

/** Local-storage key of the JWT (spec §3). */
export const TOKEN_KEY = 'jwtToken';

/** What the web reads from a token's payload; the server verifies the signature, the web never does. */
export interface TokenClaims {
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** The role claim may be a single value or a list (spec §6). */
  roles: string[];
  /** Registration flags of the spec §4 guard; absent ones count as passed, as before loading. */
  emailVerified: boolean;
  referralOk: boolean;
  regComplete: boolean;
}

function decodePayload(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined || payload === '') return undefined;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Decodes a JWT's claims without verifying it; undefined if undecodable or without an expiry. */
export function tokenClaims(token: string): TokenClaims | undefined {
  const p = decodePayload(token);
  if (p === undefined || typeof p['exp'] !== 'number') return undefined;
  const role = p['role'];
  const roles = Array.isArray(role)
    ? role.filter((r) => typeof r === 'string')
    : typeof role === 'string'
      ? [role]
      : [];
  return {
    exp: p['exp'],
    roles,
    emailVerified: p['ev'] !== false,
    referralOk: p['ro'] !== false,
    regComplete: p['rc'] !== false,
  };
}

/** The user a JWT was issued to (its `sub`, the user's id as text); undefined if undecodable. */
export function tokenSubject(token: string): string | undefined {
  const sub = decodePayload(token)?.['sub'];
  return typeof sub === 'string' && sub !== '' ? sub : undefined;
}

/** Reads the expiry (seconds since epoch) of a JWT; undefined if undecodable. */
export function tokenExpiry(token: string): number | undefined {
  return tokenClaims(token)?.exp;
}

/** A token is valid if present and its expiry is in the future; undecodable counts as expired (spec §4). */
export function isTokenValid(token: string | null, nowMs = Date.now()): token is string {
  if (token === null || token === '') return false;
  const exp = tokenExpiry(token);
  return exp !== undefined && exp * 1000 > nowMs;
}

// Subscribers re-render when the token changes here or in another tab (a logout anywhere ends
// the session everywhere).
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === TOKEN_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const getToken = (): string | null => localStorage.getItem(TOKEN_KEY);

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  notify();
}

export function clearToken(): void {
  if (localStorage.getItem(TOKEN_KEY) === null) return;
  localStorage.removeItem(TOKEN_KEY);
  notify();
}

/** The stored token, re-rendering on change. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken);
}
