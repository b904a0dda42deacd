import { tokenClaimsSchema, type Role, type TokenClaims } from '@kassa/contract';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

const ALGORITHM = 'HS256';

/** The claims with the signed-in session the token belongs to (sid; absent in tokens of tools without sessions). */
const sessionClaimsSchema = tokenClaimsSchema.extend({ sid: z.number().int().positive().optional() });
export type SessionClaims = TokenClaims & { sid?: number | undefined };

/** Verified tokens remembered per process (a few MB at most). */
const VERIFIED_TOKENS = 10_000;

/** Issues and checks the bearer JWTs. Pure crypto: whether the user still exists is the caller's. */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature checked out, with their claims, until they expire: a client sends the
   * same token with every request, and checking its HMAC again (through WebCrypto, the key imported
   * each time) was 4 % of a busy server's time. Whether its user and session still stand is
   * checked per request by the caller, as before.
   */
  private readonly verified = new Map<string, Readonly<SessionClaims>>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A token for the user and their signed-in session (when there is one), valid for the configured lifetime from now. */
  issue(
    user: {
      id: number;
      role: Role;
      tokenVersion: number;
      emailVerified: boolean;
      referralOk: boolean;
      regComplete: boolean;
    },
    nowMs = Date.now(),
    sessionId?: number,
  ): Promise<string> {
    const iat = Math.floor(nowMs / 1000);
    return new SignJWT({
      ...(sessionId === undefined ? {} : { sid: sessionId }),
      // An admin is a member with books too (spec §4 loads them for NORMAL): ['NORMAL', 'ADMIN'].
      role: user.role === 'ADMIN' ? ['NORMAL', 'ADMIN'] : user.role,
      tv: user.tokenVersion,
      ev: user.emailVerified,
      ro: user.referralOk,
      rc: user.regComplete,
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /** The claims of a genuine, unexpired token; undefined for anything else. */
  async verify(token: string): Promise<Readonly<SessionClaims> | undefined> {
    const known = this.verified.get(token);
    if (known !== undefined) {
      // As jose checks it: expired once the current whole second reaches exp.
      if (known.exp > Math.floor(Date.now() / 1000)) return known;
      this.verified.delete(token);
      return undefined;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM], requiredClaims: ['exp', 'sub'] });
      const claims = sessionClaimsSchema.safeParse(payload);
      if (!claims.success) return undefined;
      // Oldest first out: a Map keeps insertion order.
      if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value ?? '');
      const frozen = Object.freeze(claims.data);
      this.verified.set(token, frozen);
      return frozen;
    } catch {
      return undefined;
    }
  }
}
