import { createHash, randomBytes } from 'node:crypto';

/** 192 random bits: an undo token cannot be guessed, so it needs no keyed hash (like API tokens). */
const TOKEN_BYTES = 24;

/** The shape of a token this server hands out (base64url); anything else is no token. */
export const UNDO_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const hashUndoToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A fresh token and the hash that is stored in its place. */
export function newUndoToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashUndoToken(token) };
}
