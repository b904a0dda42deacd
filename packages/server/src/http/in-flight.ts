import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The requests being handled now (http/in-flight.ts). */
    inFlight: InFlight;
  }
}

/** Requests whose handling has not finished, and a way to wait for none to be left. */
export interface InFlight {
  /** How many requests are being handled now. */
  count(): number;
  /** Resolves once no request is being handled, or after `maxMs`; answers how many were left. */
  settled(maxMs: number): Promise<number>;
}

/**
 * Counts requests from their arrival until their answer is ready (onSend). A request whose client
 * left is still counted until its handler finishes: closing the HTTP server does not wait for it
 * (its socket is gone), so shutdown waits here before closing the database under it.
 */
export function trackInFlight(app: FastifyInstance): InFlight {
  const open = new WeakSet<FastifyRequest>();
  let count = 0;
  let waiters: (() => void)[] = [];
  const done = (request: FastifyRequest) => {
    if (!open.delete(request)) return;
    count--;
    if (count === 0) {
      for (const wake of waiters) wake();
      waiters = [];
    }
  };
  app.addHook('onRequest', (request, _reply, next) => {
    open.add(request);
    count++;
    next();
  });
  // onSend runs once the handler (or the error handler) has its answer, also for a client that
  // left; onResponse only where onSend never ran (an answer sent straight on the raw socket).
  app.addHook('onSend', (request, _reply, payload, next) => {
    done(request);
    next(null, payload);
  });
  app.addHook('onResponse', (request, _reply, next) => {
    done(request);
    next();
  });
  const inFlight: InFlight = {
    count: () => count,
    settled(maxMs) {
      if (count === 0) return Promise.resolve(0);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(count), maxMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve(0);
        });
      });
    },
  };
  app.decorate('inFlight', inFlight);
  return inFlight;
}
