import { z } from 'zod';
import { roleSchema } from './auth.js';

/** GET account/userinfo */
export const userInfoSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Null until the initial-data step of registration chose one. */
  mainCurrency: z.string().nullable(),
  role: roleSchema,
  emailVerified: z.boolean(),
  referralOk: z.boolean(),
  regComplete: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;
