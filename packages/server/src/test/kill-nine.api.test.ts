import { randomInt } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, MORE_ROWS_HEADER } from '@kassa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { CompleteUserFactory } from '../modules/account/complete-user.js';
import { DailyTotalsRepository } from '../modules/ledger/daily-totals.js';
import { prng } from '../util/prng.js';
import { testDialects } from './databases.js';
import { createKillTarget, integrityProblems, KillableServer, type KillTarget } from './kill-nine.js';

// Durability: the production server (src/main.ts in a process of its own) takes transaction
// writes from several clients at once and is killed with SIGKILL at a random moment while
// writes are in flight, then started again on the same database; three times. A write counts as
// acknowledged once its 2xx answer arrived. After each kill the database must be intact, and
// after each restart every acknowledged write must be there as sent (an acknowledged delete
// gone), a write that never got an answer there whole or not at all, nothing else there, and
// the API's balances and sums must equal the stored transactions.

const ROUNDS = 3;
const CLIENTS = 8;
const EMAIL = 'kill9@example.com';
const PASSWORD = 'password-123';
/** KILL_NINE_SEED repeats a run's choices (its kill moments still depend on timing). */
const SEED = Number(process.env['KILL_NINE_SEED'] ?? randomInt(2 ** 31));

interface Sent {
  tag: string;
  body: { amount: number; currency: string; categoryId: number; isIncome?: boolean; time: string; description: string };
  isIncome: boolean;
  /** acked: 2xx with an id; refused: another answer; unanswered: the connection died first. */
  state: 'pending' | 'acked' | 'refused' | 'unanswered';
  id?: number;
  /** The delete of an acknowledged write: acked (200), or unanswered. */
  deleted?: 'pending' | 'acked' | 'unanswered';
  /** Found stored after a restart: from then on it must stay (unless deleted). */
  seen?: boolean;
  round: number;
}

interface Row {
  id: number;
  amount: number;
  currency: string;
  categoryId: number;
  isIncome: boolean;
  time: string;
  description: string;
}

const CSRF = 'k'.repeat(43);
const cents = (major: number) => Math.round(major * 100);

for (const dialect of testDialects) {
  describe(`SIGKILL while writes are in flight [${dialect}]`, () => {
    let target: KillTarget;
    let server: KillableServer;
    let userId = 0;

    beforeAll(async () => {
      target = await createKillTarget(dialect);
      const database = openDatabase(target.target);
      await migrateToLatest(database.db);
      userId = (
        await new CompleteUserFactory(database.db).createComplete({
          email: EMAIL,
          password: PASSWORD,
          mainCurrency: 'EUR',
        })
      ).id;
      await database.close();
      server = new KillableServer({
        DATABASE_URL: target.url,
        DATA_DIR: target.dataDir,
        JWT_SECRET: 'kill-nine-secret-kill-nine-secret-0123456789',
        LOG_LEVEL: 'warn',
        RATES_REFRESH_MINUTES: '0',
        WEB_DIST_DIR: '',
        LOGIN_MAX_PER_IP: '100000',
        LOGIN_MAX_FAILURES_PER_EMAIL: '100000',
      });
    }, 60_000);

    afterAll(async () => {
      await server.kill();
      await target.drop();
    });

    it(`loses no acknowledged write across ${ROUNDS} kills, and the ledger stays consistent`, async () => {
      const random = prng(SEED);
      const context = () => `seed ${SEED} (KILL_NINE_SEED=${SEED} repeats it); server output:\n${server.tail()}`;
      let headers: Record<string, string> = {};
      const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => {
        const res = await fetch(`${server.base}${url}`, {
          method,
          headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return res;
      };
      const json = async <T>(res: Response): Promise<T> => {
        if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}\n${context()}`);
        return (await res.json()) as T;
      };
      const login = async () => {
        headers = { [CSRF_HEADER]: CSRF, cookie: `${CSRF_COOKIE}=${CSRF}` };
        const { token } = await json<{ token: string }>(
          await call('POST', '/api/auth/login', { email: EMAIL, password: PASSWORD }),
        );
        headers = { ...headers, authorization: `Bearer ${token}` };
      };

      await server.start();
      await login();
      await json(await call('POST', '/api/currency/add', { currency: 'USD' }));
      const category = async (body: object) =>
        (await json<{ id: number }>(await call('POST', '/api/category/add', body))).id;
      const salary = await category({ name: 'K9 salary', type: 'real', isIncome: true });
      const food = await category({ name: 'K9 food', type: 'real', isIncome: false });
      const loan = await category({ name: 'K9 Bob', type: 'loan' });

      const sent: Sent[] = [];
      const summary: string[] = [];

      /**
       * Sends writes from CLIENTS clients until the server dies; kills it `extraMs` after `killAfter`
       * writes were acknowledged (or after 20 s, should writes stop being acknowledged).
       */
      const load = async (round: number) => {
        let dead = false;
        let inFlight = 0;
        let inFlightAtKill = 0;
        let acked = 0;
        const killAfter = 30 + random(170);
        const extraMs = random(25);
        const giveUpAt = Date.now() + 20_000;
        let killing: Promise<void> | undefined;
        const maybeKill = () => {
          if (killing !== undefined || (acked < killAfter && Date.now() < giveUpAt)) return;
          killing = (async () => {
            await new Promise((r) => setTimeout(r, extraMs));
            inFlightAtKill = inFlight;
            await server.kill();
            dead = true;
          })();
        };
        const add = async () => {
          const n = sent.length;
          const kind = random(10);
          const categoryId = kind < 4 ? food : kind < 7 ? salary : loan;
          const isIncome = categoryId === salary || (categoryId === loan && random(2) === 0);
          const day = Date.UTC(2025, 0, 1) + random(365) * 86_400_000 + random(86_400_000);
          const s: Sent = {
            tag: `k9 r${round} #${n}`,
            body: {
              amount: (1 + random(99_999)) / 100,
              currency: random(3) === 0 ? 'USD' : 'EUR',
              categoryId,
              ...(categoryId === loan ? { isIncome } : {}),
              time: new Date(day).toISOString(),
              description: `k9 r${round} #${n}`,
            },
            isIncome,
            state: 'pending',
            round,
          };
          sent.push(s);
          try {
            const res = await call('POST', '/api/transaction/add', s.body);
            if (res.ok) {
              s.id = ((await res.json()) as { id: number }).id;
              s.state = 'acked';
              acked++;
            } else {
              s.state = 'refused';
              summary.push(`refused ${res.status} ${await res.text()}`);
            }
          } catch {
            s.state = 'unanswered';
          }
        };
        const remove = async (s: Sent) => {
          s.deleted = 'pending';
          try {
            const res = await call('DELETE', `/api/transaction/delete/${s.id ?? 0}`);
            if (res.status === 200) {
              s.deleted = 'acked';
              acked++;
            } else {
              delete s.deleted;
              summary.push(`delete refused ${res.status} ${await res.text()}`);
            }
          } catch {
            s.deleted = 'unanswered';
          }
        };
        const client = async () => {
          while (!dead) {
            const deletable = sent.filter((s) => s.state === 'acked' && s.deleted === undefined);
            inFlight++;
            if (deletable.length > 10 && random(7) === 0) await remove(deletable[random(deletable.length)] as Sent);
            else await add();
            inFlight--;
            maybeKill();
          }
        };
        await Promise.all(Array.from({ length: CLIENTS }, client));
        await killing;
        return { inFlightAtKill, killAfter };
      };

      /** Every stored row of the user, page by page, oldest last. */
      const storedRows = async (): Promise<Row[]> => {
        const rows: Row[] = [];
        let after: { time: string; id: number } | undefined;
        for (;;) {
          const res = await call('POST', '/api/transaction/getfiltered', { limit: 5000, ...(after ? { after } : {}) });
          const more = res.headers.get(MORE_ROWS_HEADER) === 'true';
          const page = await json<Row[]>(res);
          rows.push(...page);
          const last = page[page.length - 1];
          if (!more || last === undefined) return rows;
          after = { time: last.time, id: last.id };
        }
      };

      /** The books as the API serves them after a restart, against what was sent. */
      const verify = async (label: string) => {
        const rows = await storedRows();
        const byTag = new Map<string, Row[]>();
        for (const r of rows) byTag.set(r.description, [...(byTag.get(r.description) ?? []), r]);
        const problems: string[] = [];
        const known = new Set(sent.map((s) => s.tag));
        for (const [tag, found] of byTag) {
          if (!known.has(tag)) problems.push(`a row nobody sent: ${JSON.stringify(found[0])}`);
          if (found.length > 1) problems.push(`${tag} stored ${found.length} times`);
        }
        let lost = 0;
        for (const s of sent) {
          const found = byTag.get(s.tag)?.[0];
          const mustExist =
            (s.state === 'acked' || s.seen === true) && s.deleted !== 'acked' && s.deleted !== 'unanswered';
          const mustNotExist = s.state === 'refused' || s.deleted === 'acked';
          if (mustExist && found === undefined) {
            lost++;
            problems.push(
              `${s.state === 'acked' ? 'acknowledged' : 'earlier stored'} write lost: ${s.tag} id ${s.id ?? '?'}`,
            );
          }
          if (mustNotExist && found !== undefined)
            problems.push(`${s.tag} is stored but was ${s.deleted === 'acked' ? 'deleted' : 'refused'}`);
          if (found === undefined) continue;
          s.seen = true;
          if (s.id !== undefined && found.id !== s.id)
            problems.push(`${s.tag}: id ${found.id}, acknowledged as ${s.id}`);
          const expected = {
            amount: cents(s.body.amount),
            currency: s.body.currency,
            categoryId: s.body.categoryId,
            isIncome: s.isIncome,
            time: Date.parse(s.body.time),
          };
          const actual = {
            amount: cents(found.amount),
            currency: found.currency,
            categoryId: found.categoryId,
            isIncome: found.isIncome,
            time: Date.parse(found.time),
          };
          if (JSON.stringify(actual) !== JSON.stringify(expected))
            problems.push(`${s.tag} stored as ${JSON.stringify(actual)}, sent ${JSON.stringify(expected)}`);
        }
        // Derived figures against the stored rows: available per currency, the converted sum and the loan's figures.
        const signed = (r: Row) => (r.isIncome ? 1 : -1) * cents(r.amount);
        const sum = (pick: (r: Row) => boolean, value: (r: Row) => number = signed) =>
          rows.filter(pick).reduce((n, r) => n + value(r), 0);
        const holdings = await json<{ currency: string; amount: number }[]>(
          await call('POST', '/api/analytics/holdings', '2199-12-31'),
        );
        for (const currency of ['EUR', 'USD']) {
          const api = cents(holdings.find((h) => h.currency === currency)?.amount ?? 0);
          const rowsSum = sum((r) => r.currency === currency);
          if (api !== rowsSum) problems.push(`holdings ${currency} ${api} ≠ stored rows ${rowsSum} (cents)`);
        }
        for (const directions of [[true], [false], [true, false]]) {
          const api = await json<{ amount: number }>(
            await call('POST', '/api/transaction/getconvertedsum', { currencies: ['EUR'], directions }),
          );
          const rowsSum = sum((r) => r.currency === 'EUR' && directions.includes(r.isIncome));
          if (cents(api.amount) !== rowsSum)
            problems.push(`converted sum ${JSON.stringify(directions)} ${cents(api.amount)} ≠ stored rows ${rowsSum}`);
        }
        const loanFigures = await json<{ native: { currency: string; given: number; taken: number }[] }>(
          await call('GET', `/api/loan/${loan}`),
        );
        for (const currency of ['EUR', 'USD']) {
          const n = loanFigures.native.find((x) => x.currency === currency);
          const given = sum(
            (r) => r.categoryId === loan && r.currency === currency && !r.isIncome,
            (r) => cents(r.amount),
          );
          const taken = sum(
            (r) => r.categoryId === loan && r.currency === currency && r.isIncome,
            (r) => cents(r.amount),
          );
          if (cents(n?.given ?? 0) !== given || cents(n?.taken ?? 0) !== taken)
            problems.push(`loan ${currency} given/taken ${JSON.stringify(n)} ≠ stored rows ${given}/${taken} (cents)`);
        }
        expect(problems, `${label}: ${context()}`).toEqual([]);
        expect(lost).toBe(0);
        return { rows: rows.length };
      };

      /** The stored database while no server runs: intact, and its daily totals those of its rows. */
      const checkStored = async (label: string) => {
        expect(await integrityProblems(target), `${label}: ${context()}`).toEqual([]);
        const database = openDatabase(target.target);
        try {
          const totals = new DailyTotalsRepository(database.db);
          expect(await totals.all(userId), `${label}: daily totals ≠ their recomputation`).toEqual(
            await totals.recompute(userId),
          );
        } finally {
          await database.close();
        }
      };

      for (let round = 1; round <= ROUNDS; round++) {
        const { inFlightAtKill, killAfter } = await load(round);
        const label = `round ${round}`;
        expect(inFlightAtKill, `${label}: no write was in flight when the server was killed`).toBeGreaterThan(0);
        await checkStored(`${label}, after the kill`);
        await server.start();
        await login();
        const { rows } = await verify(`${label}, after the restart`);
        const thisRound = sent.filter((s) => s.round === round);
        const unanswered = thisRound.filter((s) => s.state === 'unanswered');
        summary.push(
          `${label}: killed after ${killAfter} acknowledged writes with ${inFlightAtKill} in flight; ` +
            `${thisRound.filter((s) => s.state === 'acked').length} adds acknowledged, ` +
            `${unanswered.length} unanswered (${unanswered.filter((s) => s.seen === true).length} of them stored whole); ` +
            `${rows} rows after the restart`,
        );
      }
      await server.stop();
      await checkStored('after the last clean stop');
      const acked = sent.filter((s) => s.state === 'acked').length;
      const deletes = sent.filter((s) => s.deleted === 'acked').length;
      console.log(
        `kill -9 [${dialect}] seed ${SEED}: ${acked} acknowledged adds and ${deletes} acknowledged deletes checked\n  ${summary.join('\n  ')}`,
      );
      expect(sent.filter((s) => s.state === 'refused')).toEqual([]);
      expect(acked).toBeGreaterThanOrEqual(ROUNDS * 20);
    }, 120_000);
  });
}
