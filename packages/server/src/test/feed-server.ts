import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the local feed answers on a path. */
export interface FeedAnswer {
  status?: number;
  body: string;
  contentType?: string;
  /** Wait this long before answering (to exercise timeouts). */
  delayMs?: number;
}

/** A real HTTP server on loopback serving canned feed answers; answers can change per test. */
export class FeedServer {
  readonly answers = new Map<string, FeedAnswer>();
  readonly hits: string[] = [];
  private server: Server | undefined;
  private port = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const path = req.url ?? '/';
      this.hits.push(path);
      const answer = this.answers.get(path) ?? { status: 404, body: 'not found' };
      const send = () => {
        res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'text/plain' });
        res.end(answer.body);
      };
      if (answer.delayMs === undefined) send();
      else setTimeout(send, answer.delayMs);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A loopback URL on which nothing listens: a port just opened and closed again. */
export async function closedPortUrl(path: string): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}${path}`;
}
