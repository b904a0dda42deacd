import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app. Any GET outside /api that matches no file gets index.html, so
 * client-side routes (/private/dashboard…) survive a reload. Unknown /api and /assets paths stay 404s.
 * The service worker lives at /sw.js, its scope the whole origin (no Service-Worker-Allowed).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built; serving the API only (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // Vite puts content-hashed files under /assets; they never change, so cache them for a year.
    // Everything else is checked with the server on every use: index.html, the manifest, and the
    // service worker (sw.js, workbox-*.js), so a new version's worker is seen at its next check.
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The type browsers expect of a web app manifest, whatever the MIME table knows.
      if (filePath.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json; charset=utf-8');
    },
  });
  const sendIndex = (_: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html');
  app.get('/', sendIndex);
  app.get('/*', (request, reply) => {
    // An asset that is not there (a chunk an older version's tab asks for after a deploy) is a
    // 404: index.html in its place would be parsed as a script and break the screen silently.
    if (request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/assets/')) {
      return reply.callNotFound();
    }
    return sendIndex(request, reply);
  });
}
