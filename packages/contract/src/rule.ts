import { z } from 'zod';
import { amountInputSchema, currencyCodeSchema, idSchema } from './common.js';

export const ruleMatches = ['contains', 'regex'] as const;
export type RuleMatch = (typeof ruleMatches)[number];

/** Longest pattern a rule may have (keeps regular expressions small). */
export const MAX_RULE_PATTERN = 200;

/**
 * A category rule for import (DESIGN §9): the first rule, by position then id, whose pattern and
 * amount range fit a row gives its category. The range bounds the amount's size (no sign), in
 * `currency`, which is set exactly when a bound is.
 */
export const ruleSchema = z.object({
  id: z.number(),
  match: z.enum(ruleMatches),
  pattern: z.string(),
  categoryId: z.number(),
  /** Major units of `currency`; null when unbounded. */
  minAmount: z.number().nullable(),
  maxAmount: z.number().nullable(),
  currency: z.string().nullable(),
  position: z.number(),
});
export type Rule = z.infer<typeof ruleSchema>;

const bound = amountInputSchema.nullable().optional();

/** POST rule/add. Amounts are accepted like transaction amounts (a number or an expression). */
export const ruleInputSchema = z.object({
  match: z.enum(ruleMatches, { error: 'must be contains or regex' }),
  pattern: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must not be empty')
    .max(MAX_RULE_PATTERN, `must be at most ${MAX_RULE_PATTERN} characters`),
  categoryId: idSchema,
  minAmount: bound,
  maxAmount: bound,
  currency: currencyCodeSchema.nullable().optional(),
  /** Where the rule is tried; a new rule goes last, an updated one keeps its place. */
  position: z
    .number({ error: 'must be an integer' })
    .int('must be an integer')
    .min(0, 'must not be negative')
    .max(1_000_000, 'must be at most 1000000')
    .optional(),
});
export type RuleInput = z.infer<typeof ruleInputSchema>;
export type RuleInputBody = z.input<typeof ruleInputSchema>;

/** POST rule/update: the rule's id and its new fields. */
export const updateRuleSchema = ruleInputSchema.extend({ id: idSchema });
export type UpdateRule = z.infer<typeof updateRuleSchema>;
export type UpdateRuleBody = z.input<typeof updateRuleSchema>;
