import { z } from 'zod';
import { emailSchema, roleSchema } from './auth.js';
import { amountInputSchema, currencyCodeSchema, lineSchema, nameSchema } from './common.js';
import { MAX_STARTER_CATEGORIES, MIN_PASSWORD_LENGTH } from './paths.js';
import { languageSchema, preferencesSchema } from './preferences.js';

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
  /** Language, number and date format (issue 36); the language is null until chosen. */
  ...preferencesSchema.shape,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** A new password (sign-up, password change, reset): the rules every new password follows. */
export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024);
const newPassword = newPasswordSchema;

/** POST account/signup */
export const signupRequestSchema = z
  .object({
    email: emailSchema,
    password: newPassword,
    password2: z.string(),
    recaptcha: z.string().max(4096).default(''),
    /** The language the sign-up page was shown in: the verification mail's and the account's. */
    language: languageSchema.optional(),
  })
  .refine((s) => s.password === s.password2, { message: 'must match password', path: ['password2'] });
export type SignupRequest = z.infer<typeof signupRequestSchema>;
export type SignupBody = z.input<typeof signupRequestSchema>;

/** POST account/initial-data */
export const initialDataRequestSchema = z.object({
  firstName: nameSchema(),
  lastName: lineSchema(100).default(''),
  mainCurrency: currencyCodeSchema,
  /** The main-currency default pocket's balance now (may be 0 or negative). */
  startBalance: amountInputSchema,
  /**
   * Starter categories the user ticked (issue 22), made with the rest in one transaction; absent
   * or empty, only the system categories. Names are unique per direction, ignoring case.
   */
  categories: z
    .array(z.object({ name: nameSchema(), isIncome: z.boolean() }).strict())
    .max(MAX_STARTER_CATEGORIES, `must hold at most ${MAX_STARTER_CATEGORIES} categories`)
    .default([]),
});
export type InitialDataRequest = z.infer<typeof initialDataRequestSchema>;
export type InitialDataBody = z.input<typeof initialDataRequestSchema>;

/** POST account/changepass */
export const changePasswordRequestSchema = z
  .object({ oldPassword: z.string().min(1, 'is required'), newPassword, newPassword2: z.string() })
  .refine((s) => s.newPassword === s.newPassword2, { message: 'must match newPassword', path: ['newPassword2'] });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
export type ChangePasswordBody = z.input<typeof changePasswordRequestSchema>;

/** GET account/onboarding: the dashboard checklist's steps, each done or not, from the user's data. */
export const onboardingStepKeys = ['currency', 'categories', 'transaction', 'fixpoint', 'import'] as const;
export const onboardingResponseSchema = z.object({
  steps: z.array(z.object({ key: z.enum(onboardingStepKeys), done: z.boolean() })),
});
export type OnboardingResponse = z.infer<typeof onboardingResponseSchema>;
export type OnboardingStepKey = (typeof onboardingStepKeys)[number];

/**
 * Who may sign up (REGISTRATION): `open` anyone, `referral` with a referral code or an
 * invitation (the spec's default), `closed` only addresses an admin invited or approved.
 */
export const registrationModes = ['open', 'referral', 'closed'] as const;
export const registrationModeSchema = z.enum(registrationModes);
export type RegistrationMode = z.infer<typeof registrationModeSchema>;

/** GET config: what the web app needs before anyone logs in. */
export const publicConfigSchema = z.object({
  version: z.string(),
  /** Who may sign up: the sign-up page follows it. */
  registration: registrationModeSchema,
  /**
   * The one-click demo, when the server has one: POST auth/demo-login makes the visitor a demo
   * user of their own (no published credentials), whose books are kept `hours` hours.
   */
  demo: z.object({ hours: z.number().int().positive() }).nullable(),
  /** reCAPTCHA site key for the sign-up form; null when sign-up needs no captcha. */
  captchaSiteKey: z.string().nullable(),
  /** Where the public header's Contact link writes to. */
  supportEmail: z.string(),
  /**
   * Where the server's mail goes (issue 32): `smtp` when SMTP_URL is set, `outbox` when it is not
   * and mails (verification codes among them) are written to DATA_DIR/outbox and the log; the
   * verify-email step then says where the code is. Optional: an older server leaves it out.
   */
  mailDelivery: z
    .enum(['smtp', 'outbox'])
    .optional()
    .describe(
      'Where mail goes: smtp (SMTP_URL is set) or outbox (no SMTP: mails, verification codes among them, are written to DATA_DIR/outbox and the server log)',
    ),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
