import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { keyedCounter, type KeyedCounter } from '../../http/rate-limit.js';
import { emailDelayMs, MAX_EMAIL_DELAY_MS, type LoginLimits } from './service.js';

/** The login counters in the rate-limit store, made once (each counter owns its keys). */
export function loginLimits(app: FastifyInstance, limits: Config['loginLimits']): LoginLimits {
  // One counter per possible delay: a counter's window is fixed when it is made.
  const cooldowns = new Map<number, KeyedCounter>();
  for (let n = limits.maxFailuresPerEmail; ; n++) {
    const delay = emailDelayMs(n, limits.maxFailuresPerEmail);
    cooldowns.set(delay, keyedCounter(app, `login-cooldown-${delay}`, delay));
    if (delay >= MAX_EMAIL_DELAY_MS) break;
  }
  return {
    pairFailures: keyedCounter(app, 'login-failures-pair', limits.windowMs),
    emailFailures: keyedCounter(app, 'login-failures-email', limits.windowMs),
    emailCooldown: (delay) => {
      const counter = cooldowns.get(delay);
      if (counter === undefined) throw new Error(`no login cooldown counter for ${delay} ms`);
      return counter;
    },
    maxFailuresPerPair: limits.maxFailuresPerEmailIp,
    freeFailuresPerEmail: limits.maxFailuresPerEmail,
  };
}
