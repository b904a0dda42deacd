import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

const ALGORITHM = 'HS256';
/** The purpose claim: a ticket says "the password was right", and is good for the code step only. */
const PURPOSE = 'login-code';
/** How long a user has to type the code after the password. */
export const TICKET_TTL_SECONDS = 5 * 60;

const ticketClaimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  purpose: z.literal(PURPOSE),
  tv: z.number().int(),
  exp: z.number(),
});

/** What a genuine, unexpired ticket names. */
export interface TicketClaims {
  userId: number;
  /** The user's token version at login: a password change since voids the ticket. */
  tokenVersion: number;
}

/**
 * The second-step tickets of login: short-lived JWTs with their own purpose claim, signed with
 * a key derived for them alone (crypto.ts). A ticket is no session token (another key, no role)
 * and a session token is no ticket, so neither opens the other's door.
 */
export class LoginTickets {
  constructor(private readonly key: Uint8Array) {}

  /** A ticket for the user, valid TICKET_TTL_SECONDS from `nowMs`; with its expiry (epoch ms). */
  async issue(
    user: { id: number; tokenVersion: number },
    nowMs: number,
  ): Promise<{ ticket: string; expiresAt: number }> {
    const iat = Math.floor(nowMs / 1000);
    const exp = iat + TICKET_TTL_SECONDS;
    const ticket = await new SignJWT({ purpose: PURPOSE, tv: user.tokenVersion })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { ticket, expiresAt: exp * 1000 };
  }

  /** The claims of a genuine ticket unexpired at `nowMs`; undefined for anything else. */
  async verify(ticket: string, nowMs: number): Promise<TicketClaims | undefined> {
    try {
      const { payload } = await jwtVerify(ticket, this.key, {
        algorithms: [ALGORITHM],
        requiredClaims: ['exp', 'sub'],
        currentDate: new Date(nowMs),
      });
      const claims = ticketClaimsSchema.safeParse(payload);
      return claims.success ? { userId: Number(claims.data.sub), tokenVersion: claims.data.tv } : undefined;
    } catch {
      return undefined;
    }
  }
}
