import type { Rule, RuleInput, UpdateRule } from '@kassa/contract';
import { findCurrency, minorToMajor, parseAmount, UNKNOWN_CURRENCY_DECIMALS } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { compileRegex, RulePatternError } from './match.js';
import { RulesRepository, type RuleRow } from './repository.js';

/** Decimals of a rule's amount bounds: its currency's (the spec's default for unknown currencies). */
const boundDecimals = (code: string | null) =>
  code === null ? UNKNOWN_CURRENCY_DECIMALS : (findCurrency(code)?.decimals ?? UNKNOWN_CURRENCY_DECIMALS);

/** Category rules for import (DESIGN §9, docs/DECISIONS.md "Category rules"). */
export class RulesService {
  private readonly rules: RulesRepository;

  constructor(
    db: Kysely<DB>,
    private readonly now: () => number = Date.now,
  ) {
    this.rules = new RulesRepository(db);
  }

  private toDto(row: RuleRow): Rule {
    const decimals = boundDecimals(row.currency);
    const major = (minor: number | null) => (minor === null ? null : minorToMajor(BigInt(minor), decimals));
    return {
      id: row.id,
      match: row.match,
      pattern: row.pattern,
      categoryId: row.categoryId,
      minAmount: major(row.minAmount),
      maxAmount: major(row.maxAmount),
      currency: row.currency,
      position: row.position,
    };
  }

  /** The rule, or 404 when it does not exist or belongs to someone else. */
  private async require(userId: number, id: number): Promise<RuleRow> {
    const row = await this.rules.find(userId, id);
    if (row === undefined) throw notFound(`Rule ${id} not found`);
    return row;
  }

  /** Checks the input and turns it into stored fields (range in minor units of its currency). */
  private async fields(userId: number, input: RuleInput): Promise<Omit<RuleRow, 'id' | 'position'>> {
    if (input.match === 'regex') {
      try {
        compileRegex(input.pattern);
      } catch (err) {
        // RulePatternError says what RE2 refused and why; anything else is a bug, not a 400.
        if (err instanceof RulePatternError) throw badRequest(`pattern: ${err.message}`);
        throw err;
      }
    }
    const type = await this.rules.categoryType(userId, input.categoryId);
    if (type === undefined) throw notFound(`categoryId: category ${input.categoryId} not found`);
    if (type !== 'real') throw badRequest(`categoryId: must be an income or expense category, not ${type}`);

    const hasRange = input.minAmount != null || input.maxAmount != null;
    const currency = input.currency ?? null;
    if (hasRange && currency === null) throw badRequest('currency: is required with an amount range');
    if (!hasRange && currency !== null) throw badRequest('currency: only a rule with an amount range has one');
    let decimals = 2;
    if (currency !== null) {
      const info = findCurrency(currency);
      if (info === undefined) throw badRequest(`currency: ${currency} is not a supported currency`);
      decimals = info.decimals;
    }
    const toMinor = (field: string, value: number | string | null | undefined): number | null => {
      if (value === null || value === undefined) return null;
      const parsed = parseAmount(value, decimals);
      if (!parsed.ok) throw badRequest(`${field}: ${parsed.message}`);
      return Number(parsed.minor);
    };
    const minAmount = toMinor('minAmount', input.minAmount);
    const maxAmount = toMinor('maxAmount', input.maxAmount);
    if (minAmount !== null && maxAmount !== null && minAmount > maxAmount)
      throw badRequest('maxAmount: must not be less than minAmount');
    return { match: input.match, pattern: input.pattern, categoryId: input.categoryId, currency, minAmount, maxAmount };
  }

  /** The user's rules in the order they are tried. */
  async list(userId: number): Promise<Rule[]> {
    return (await this.rules.list(userId)).map((r) => this.toDto(r));
  }

  /** The user's rules in order, as matching takes them (compileRules / ruleFor in match.ts). */
  listForMatching(userId: number): Promise<RuleRow[]> {
    return this.rules.list(userId);
  }

  async add(userId: number, input: RuleInput): Promise<Rule> {
    const fields = await this.fields(userId, input);
    const position = input.position ?? (await this.rules.nextPosition(userId));
    const row = { ...fields, position };
    const id = await this.rules.insert(userId, row, this.now());
    return this.toDto({ ...row, id });
  }

  async update(userId: number, input: UpdateRule): Promise<Rule> {
    const existing = await this.require(userId, input.id);
    const row: RuleRow = {
      ...(await this.fields(userId, input)),
      id: existing.id,
      position: input.position ?? existing.position,
    };
    await this.rules.update(userId, row);
    return this.toDto(row);
  }

  async delete(userId: number, id: number): Promise<void> {
    await this.require(userId, id);
    await this.rules.delete(userId, id);
  }
}
