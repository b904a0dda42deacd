import { describe, expect, it } from 'vitest';
import type { ConfirmAnswer, ConfirmOptions } from '../../../components/confirm/confirm-context';
import { closeCategory, latentToRealise } from './close-flow';

/** Runs the flow with a scripted answer, recording the question asked and the calls made. */
async function run(kind: 'loan' | 'business', answer: ConfirmAnswer, latentPnl = 0) {
  const asked: ConfirmOptions[] = [];
  const steps: string[] = [];
  const outcome = await closeCategory({
    kind,
    latent: latentPnl === 0 ? [] : [{ amount: latentPnl, currency: 'EUR' }],
    confirm: (options) => {
      asked.push(options);
      return Promise.resolve(answer);
    },
    realise: () => Promise.resolve(steps.push('realise')),
    close: () => Promise.resolve(steps.push('close')),
  });
  return { outcome, asked, steps };
}

describe('closing a loan or business category (spec §4, §5)', () => {
  it('asks "You are closing this loan category" and closes on Yes', async () => {
    const r = await run('loan', 'yes');
    expect(r.asked).toEqual([{ text: 'You are closing this loan category' }]);
    expect(r.steps).toEqual(['close']);
    expect(r.outcome).toBe('closed');
  });

  it('does nothing when the close is cancelled', async () => {
    const r = await run('loan', 'cancel');
    expect(r.steps).toEqual([]);
    expect(r.outcome).toBe('cancelled');
  });

  it('closes a business without latent P&L after the plain question', async () => {
    const r = await run('business', 'yes', 0);
    expect(r.asked).toEqual([{ text: 'You are closing this business category' }]);
    expect(r.steps).toEqual(['close']);
  });

  it('offers to realise latent P&L first: Yes realises, then closes', async () => {
    const r = await run('business', 'yes', -12.5);
    expect(r.asked).toHaveLength(1);
    expect(r.asked[0]?.title).toBe('You are closing this business category');
    expect(r.asked[0]?.withNo).toBe(true);
    expect(r.asked[0]?.text).toContain('- 12.50 €');
    expect(r.asked[0]?.text).toContain('(recommended)');
    expect(r.steps).toEqual(['realise', 'close']);
    expect(r.outcome).toBe('realised-and-closed');
  });

  it('No just closes; Cancel does nothing', async () => {
    expect((await run('business', 'no', 30)).steps).toEqual(['close']);
    expect((await run('business', 'no', 30)).outcome).toBe('closed');
    expect((await run('business', 'cancel', 30)).steps).toEqual([]);
  });

  it('does not close when the realisation fails', async () => {
    const steps: string[] = [];
    await expect(
      closeCategory({
        kind: 'business',
        latent: [{ amount: 5, currency: 'EUR' }],
        confirm: () => Promise.resolve('yes'),
        realise: () => Promise.reject(new Error('409')),
        close: () => Promise.resolve(steps.push('close')),
      }),
    ).rejects.toThrow('409');
    expect(steps).toEqual([]);
  });
});

describe('latent P&L is decided per currency (issue 22)', () => {
  const figures = (latentPnl: number) =>
    ({ latentPnl }) as unknown as Parameters<typeof latentToRealise>[0] & { latentPnl: number };
  it('offers a realisation when the currencies net to 0 in the main currency', () => {
    const summary = {
      ...figures(0),
      currency: 'EUR',
      native: [
        { ...figures(10), currency: 'USD' },
        { ...figures(-9.2), currency: 'EUR' },
        { ...figures(0), currency: 'GBP' },
      ],
    } as unknown as Parameters<typeof latentToRealise>[0];
    expect(latentToRealise(summary)).toEqual([
      { amount: 10, currency: 'USD' },
      { amount: -9.2, currency: 'EUR' },
    ]);
  });

  it('asks with every currency’s amount', async () => {
    const asked: ConfirmOptions[] = [];
    await closeCategory({
      kind: 'business',
      latent: [
        { amount: 10, currency: 'USD' },
        { amount: -9.2, currency: 'EUR' },
      ],
      confirm: (o) => (asked.push(o), Promise.resolve('no')),
      realise: () => Promise.resolve(),
      close: () => Promise.resolve(),
    });
    expect(asked[0]?.text).toContain('$10.00 and - 9.20 €');
  });

  it('has nothing to realise when every currency is at 0, and none without a summary', () => {
    expect(latentToRealise(undefined)).toEqual([]);
    const zero = { ...figures(0), currency: 'EUR', native: [{ ...figures(0), currency: 'EUR' }] };
    expect(latentToRealise(zero as unknown as Parameters<typeof latentToRealise>[0])).toEqual([]);
  });
});
