import { z } from 'zod';
import { descriptionSchema, idSchema, nameSchema } from './common.js';

export const categoryTypes = ['real', 'loan', 'business', 'external'] as const;
export type CategoryType = (typeof categoryTypes)[number];

/** A category as returned. isIncome is null for loan, business and external categories. */
export const categorySchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(categoryTypes),
  description: z.string(),
  isIncome: z.boolean().nullable(),
  isBuiltIn: z.boolean(),
  isActive: z.boolean(),
  /** Monthly limit in the main currency (major units); null when none. */
  monthlyLimit: z.number().nullable(),
  /** Budgets: the month's unspent (or overspent) amount carries into the next (expense categories). */
  rollover: z.boolean(),
  lastUsed: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

const name = nameSchema();
const monthlyLimit = z.number().nonnegative('must not be negative').max(1e12).nullable().default(null);

/** POST category/add: users add real, loan and business categories; external ones are built in. */
export const newCategorySchema = z.object({
  name,
  type: z.enum(['real', 'loan', 'business'], { error: 'must be real, loan or business' }),
  description: descriptionSchema,
  isIncome: z.boolean().nullable().optional(),
  isActive: z.boolean().default(true),
  monthlyLimit,
  /** Budget rollover (absent: off); only real expense categories may turn it on. */
  rollover: z.boolean({ error: 'must be true or false' }).optional(),
});
export type NewCategory = z.infer<typeof newCategorySchema>;
export type NewCategoryBody = z.input<typeof newCategorySchema>;

/** POST category/update: type and direction are fixed at creation. */
export const updateCategorySchema = z.object({
  id: idSchema,
  name,
  description: descriptionSchema,
  isActive: z.boolean(),
  monthlyLimit,
  /** Budget rollover; absent keeps the category's current setting. */
  rollover: z.boolean({ error: 'must be true or false' }).optional(),
  type: z.enum(categoryTypes).optional(),
  isIncome: z.boolean().nullable().optional(),
});
export type UpdateCategory = z.infer<typeof updateCategorySchema>;
export type UpdateCategoryBody = z.input<typeof updateCategorySchema>;

/** GET category/getall query: filters, all optional. */
export const categoryQuerySchema = z.object({
  type: z.enum(categoryTypes).optional(),
  active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  isIncome: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
