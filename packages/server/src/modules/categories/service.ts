import type { Category, CategoryType, NewCategory, UpdateCategory } from '@kassa/contract';
import { findCurrency, minorToMajor, parseAmount, UNKNOWN_CURRENCY_DECIMALS } from '@kassa/money';
import type { Kysely } from 'kysely';
import { brokenConstraint } from '../../db/constraint-errors.js';
import type { DB } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { CategoriesRepository, type CategoryFilter, type CategoryRow } from './repository.js';

/** Decimals of the currency monthly limits are kept in (the main currency; 2 before one is chosen). */
/** Decimals of a monthly limit: the main currency's (none chosen yet: the spec's default for unknown currencies). */
const limitDecimals = (mainCurrency: string | null) =>
  mainCurrency === null
    ? UNKNOWN_CURRENCY_DECIMALS
    : (findCurrency(mainCurrency)?.decimals ?? UNKNOWN_CURRENCY_DECIMALS);

function limitToMinor(limit: number | null, decimals: number): number | null {
  if (limit === null) return null;
  if (limit === 0) return 0;
  const parsed = parseAmount(limit, decimals);
  if (!parsed.ok) throw badRequest(`monthlyLimit: ${parsed.message}`);
  return Number(parsed.minor);
}

/** Rollover belongs to budgets, which only real expense categories have. */
function checkRollover(rollover: boolean, type: CategoryType, isIncome: boolean | null): void {
  if (rollover && (type !== 'real' || isIncome !== false))
    throw badRequest('rollover: only expense categories have a budget to roll over');
}

/** Runs a write, turning a clash with the unique name index (a concurrent add) into a 409. */
async function nameClash<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (brokenConstraint(err) === 'unique') throw conflict(`name: a category named ${name} already exists`);
    throw err;
  }
}

/** Rules for categories (DESIGN §4, spec §4 and §6). */
export class CategoriesService {
  private readonly categories: CategoriesRepository;

  constructor(
    db: Kysely<DB>,
    private readonly now: () => number = Date.now,
  ) {
    this.categories = new CategoriesRepository(db);
  }

  private toDto(row: CategoryRow, mainCurrency: string | null): Category {
    const decimals = limitDecimals(mainCurrency);
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      description: row.description,
      isIncome: row.isIncome,
      isBuiltIn: row.isBuiltIn,
      isActive: row.isActive,
      monthlyLimit: row.monthlyLimit === null ? null : minorToMajor(BigInt(row.monthlyLimit), decimals),
      rollover: row.rollover,
      lastUsed: new Date(row.lastUsed).toISOString(),
    };
  }

  /** The category, or 404 when it does not exist or belongs to someone else. */
  async require(userId: number, id: number): Promise<CategoryRow> {
    const row = await this.categories.find(userId, id);
    if (row === undefined) throw notFound(`Category ${id} not found`);
    return row;
  }

  async list(userId: number, mainCurrency: string | null, filter: CategoryFilter): Promise<Category[]> {
    return (await this.categories.list(userId, filter)).map((r) => this.toDto(r, mainCurrency));
  }

  async get(userId: number, mainCurrency: string | null, id: number): Promise<Category> {
    return this.toDto(await this.require(userId, id), mainCurrency);
  }

  private async refuseDuplicateName(
    userId: number,
    name: string,
    type: CategoryType,
    isIncome: boolean | null,
    exceptId?: number,
  ) {
    const same = await this.categories.findByName(userId, type, isIncome, name, exceptId);
    if (same !== undefined) throw conflict(`name: a category named ${same.name} already exists`);
  }

  async add(userId: number, mainCurrency: string | null, input: NewCategory): Promise<Category> {
    let isIncome: boolean | null;
    if (input.type === 'real') {
      if (typeof input.isIncome !== 'boolean')
        throw badRequest('isIncome: is required for a real (income or expense) category');
      isIncome = input.isIncome;
    } else {
      if (typeof input.isIncome === 'boolean')
        throw badRequest(`isIncome: only real categories have a direction, not ${input.type}`);
      isIncome = null;
    }
    const rollover = input.rollover ?? false;
    checkRollover(rollover, input.type, isIncome);
    await this.refuseDuplicateName(userId, input.name, input.type, isIncome);
    const row: Omit<CategoryRow, 'id'> = {
      name: input.name,
      type: input.type,
      description: input.description,
      isIncome,
      isBuiltIn: false,
      isActive: input.isActive,
      monthlyLimit: limitToMinor(input.monthlyLimit, limitDecimals(mainCurrency)),
      rollover,
      lastUsed: this.now(),
    };
    const id = await nameClash(input.name, () => this.categories.insert(userId, row));
    return this.toDto({ ...row, id }, mainCurrency);
  }

  async update(userId: number, mainCurrency: string | null, input: UpdateCategory): Promise<Category> {
    const existing = await this.require(userId, input.id);
    if (input.type !== undefined && input.type !== existing.type) throw badRequest('type: a category keeps its type');
    if (input.isIncome !== undefined && input.isIncome !== existing.isIncome)
      throw badRequest('isIncome: a category keeps its direction');
    if (input.isActive !== existing.isActive) {
      if (existing.isBuiltIn) throw conflict('isActive: a system category is always active');
      if (existing.type === 'loan' || existing.type === 'business') {
        throw conflict(
          existing.isActive
            ? `isActive: close a ${existing.type} category with Close`
            : 'isActive: a closed category stays closed',
        );
      }
    }
    const rollover = input.rollover ?? existing.rollover;
    checkRollover(rollover, existing.type, existing.isIncome);
    await this.refuseDuplicateName(userId, input.name, existing.type, existing.isIncome, existing.id);
    const changes = {
      name: input.name,
      description: input.description,
      isActive: input.isActive,
      monthlyLimit: limitToMinor(input.monthlyLimit, limitDecimals(mainCurrency)),
      rollover,
    };
    await nameClash(input.name, () => this.categories.update(userId, existing.id, changes));
    return this.toDto({ ...existing, ...changes }, mainCurrency);
  }

  /** Closes an active loan or business category; its transactions become read-only. */
  async close(userId: number, mainCurrency: string | null, id: number): Promise<Category> {
    const existing = await this.require(userId, id);
    if (existing.type !== 'loan' && existing.type !== 'business')
      throw conflict('Only loan and business categories can be closed');
    if (!existing.isActive) throw conflict('The category is already closed');
    await this.categories.update(userId, id, { ...existing, isActive: false });
    return this.toDto({ ...existing, isActive: false }, mainCurrency);
  }

  /** Deletes a category without transactions; system categories stay. */
  async delete(userId: number, id: number): Promise<void> {
    const existing = await this.require(userId, id);
    if (existing.isBuiltIn) throw conflict('A system category cannot be deleted');
    const count = await this.categories.transactionCount(userId, id);
    if (count > 0) {
      const way = existing.type === 'real' ? 'deactivate it' : 'close it';
      throw conflict(`The category has ${count} transaction${count === 1 ? '' : 's'}; ${way} instead of deleting it`);
    }
    await this.categories.delete(userId, id);
  }
}
