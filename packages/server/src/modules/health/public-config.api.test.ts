import type { PublicConfig } from '@kassa/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { okJson } from '../../test/ledger.js';

// Issue 32: the verify-email step tells a self-hoster without SMTP where the code went.

describeEachDatabase('GET /api/config without SMTP_URL', (ctx) => {
  it('says mail goes to the outbox folder', async () => {
    const config = okJson<PublicConfig>(await ctx.app.inject({ method: 'GET', url: '/api/config' }));
    expect(config.mailDelivery).toBe('outbox');
  });

  it('documents the field in the OpenAPI schema of the answer', async () => {
    const doc = okJson<{
      paths: Record<string, { get?: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }>;
    }>(await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    const schema = doc.paths['/api/config']?.get?.responses['200']?.content['application/json']?.schema as {
      properties: Record<string, { enum?: string[]; description?: string }>;
      required?: string[];
    };
    expect(schema.properties['mailDelivery']?.enum).toEqual(['smtp', 'outbox']);
    expect(schema.properties['mailDelivery']?.description).toMatch(/DATA_DIR\/outbox/);
    expect(schema.required ?? []).not.toContain('mailDelivery');
  });
});

describeEachDatabase(
  'GET /api/config with SMTP_URL',
  (ctx) => {
    it('says mail goes out by SMTP', async () => {
      const config = okJson<PublicConfig>(await ctx.app.inject({ method: 'GET', url: '/api/config' }));
      expect(config.mailDelivery).toBe('smtp');
    });
  },
  () => ({
    mail: {
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'Kassa <kassa@test>',
      publicUrl: 'http://kassa.test',
      supportEmail: 'help@kassa.test',
    },
  }),
);
