import type { z } from 'zod';
import { badRequest } from './errors.js';

/** The value at a path inside parsed JSON, or undefined. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Describes the first problem of a failed parse, naming the field: "email: is required". */
export function describeIssue(issue: z.core.$ZodIssue, where: string, input: unknown): string {
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : where;
  if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) return `${field}: is required`;
  return `${field}: ${issue.message}`;
}

/** Parses input with a contract schema; a mismatch is a 400 naming the offending field. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown, where = 'body'): z.infer<S> {
  if (input === undefined || input === null) {
    // A POST without a body reaches us as undefined: name the body itself.
    const probe = schema.safeParse({});
    if (!probe.success) throw badRequest(`${where}: is required`);
  }
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const first = result.error.issues[0];
    throw badRequest(first === undefined ? `${where}: is invalid` : describeIssue(first, where, input));
  }
  return result.data;
}
