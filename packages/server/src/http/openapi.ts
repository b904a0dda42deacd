import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  categorySchema,
  conversionSchema,
  CSRF_COOKIE,
  CSRF_HEADER,
  errorBodySchema,
  fixpointDetailSchema,
  moneyAmountSchema,
  MORE_ROWS_HEADER,
  pocketSchema,
  publicConfigSchema,
  PRODUCT_VERSION,
  ruleSchema,
  transactionSchema,
} from '@kassa/contract';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The OpenAPI 3.1 document of the API, generated from the routes' contract schemas. */
export const OPENAPI_PATH = '/api/openapi.json';
/** The API reference page (Swagger UI, served from the package: no CDN). */
export const DOCS_PREFIX = '/api/docs';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SESSION = 'session';
const API_TOKEN = 'apiToken';
const CSRF_HEADER_SCHEME = 'csrfHeader';
const CSRF_COOKIE_SCHEME = 'csrfCookie';

const ERROR_DESCRIPTION =
  'Error body: `validation` (400, the message names the field), `unauthorized` (401), `forbidden`, `demo` or a ' +
  'registration step (403), `not_found` (404), `conflict` (409), `payload_too_large` (413), ' +
  '`unsupported_media_type` (415), `rate_limited` (429, with Retry-After)';
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const errors = {
  '4xx': json(errorBodySchema, ERROR_DESCRIPTION),
  '5xx': json(
    errorBodySchema,
    '`internal` (500), `unavailable` (503: the database cannot be reached or store changes)',
  ),
};

const noContent = z.undefined();

/**
 * Answers shared by many routes, named in components.schemas (the rest is inline), and metadata.
 * Its own registry: the contract's schemas are not touched.
 */
const registry = z.registry<{ id?: string; description?: string }>();
registry.add(noContent, { description: 'No content' });
for (const [id, schema] of Object.entries({
  ErrorBody: errorBodySchema,
  Transaction: transactionSchema,
  Conversion: conversionSchema,
  Category: categorySchema,
  Pocket: pocketSchema,
  Rule: ruleSchema,
  FixpointDetail: fixpointDetailSchema,
  MoneyAmount: moneyAmountSchema,
}))
  registry.add(schema, { id });
// Fields whose words the contract gives API readers (zod's describe) keep them in the document.
for (const field of [publicConfigSchema.shape.mailDelivery])
  registry.add(field, { description: field.description ?? '' });

/** Answers whose documented shape is the schema's input (what a client sends back), not its output. */
const documentedAsInput = new WeakSet<z.ZodType>();

export interface RouteDocs {
  summary: string;
  description?: string;
  body?: z.ZodType;
  /** A multipart/form-data body (import/preview). */
  multipart?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  /**
   * The success answer: a JSON schema (200), 'none' (204, empty), or files by content type.
   * `asInput` documents a JSON answer in its input form (the backup document: ISO instants).
   */
  response: z.ZodType | 'none' | { files: Record<string, z.ZodType>; description?: string };
  asInput?: boolean;
  /** The JSON answer is 201 Created. */
  created?: boolean;
  /** Lists cut at a page set the x-has-more header. */
  paged?: boolean;
  /** No session needed (login, sign-up, health, the currency catalogue). */
  public?: boolean;
}

/**
 * The per-route `schema` of one area (its tag), for documentation only: registerOpenApi makes
 * fastify neither validate nor serialize with it, so routes keep validating with parseOr400.
 */
export function docs(tag: string): (route: RouteDocs) => FastifySchema {
  return (route) => {
    let ok: object;
    if (route.response === 'none') ok = { 204: noContent };
    else if (route.response instanceof z.ZodType) {
      if (route.asInput === true) documentedAsInput.add(route.response);
      const description = route.paged === true ? `OK; a list cut at its page sets ${MORE_ROWS_HEADER}: true` : 'OK';
      ok = { [route.created === true ? 201 : 200]: json(route.response, description) };
    } else {
      const content = Object.fromEntries(
        Object.entries(route.response.files).map(([type, schema]) => [type, { schema }]),
      );
      const description = route.response.description ?? 'The file, streamed (content-disposition: attachment)';
      ok = { 200: { description, content } };
    }
    return {
      summary: route.summary,
      ...(route.description === undefined ? {} : { description: route.description }),
      tags: [tag],
      ...(route.body === undefined ? {} : { body: route.body }),
      ...(route.multipart === undefined ? {} : { body: route.multipart, consumes: ['multipart/form-data'] }),
      ...(route.querystring === undefined ? {} : { querystring: route.querystring }),
      ...(route.params === undefined ? {} : { params: route.params }),
      response: { ...ok, ...errors },
      security: route.public === true ? [] : [{ [SESSION]: [] }],
    };
  };
}

const zodTransform = createJsonSchemaTransform({ schemaRegistry: registry });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: registry });
type TransformInput = Parameters<typeof zodTransform>[0];

/** The library's transform, plus JSON answers documented in their input form. */
function transform(input: TransformInput): ReturnType<typeof zodTransform> {
  const response = (input.schema as { response?: Record<string, unknown> } | undefined)?.response;
  const asInput = Object.entries(response ?? {}).filter(([, r]) => {
    const schema = (r as { content?: Record<string, { schema: unknown }> }).content?.['application/json']?.schema;
    return schema instanceof z.ZodType && documentedAsInput.has(schema);
  });
  if (asInput.length === 0) return zodTransform(input);
  const result = zodTransform({
    ...input,
    schema: {
      ...input.schema,
      response: Object.fromEntries(Object.entries(response ?? {}).filter((e) => !asInput.includes(e))),
    },
  });
  const transformed = result.schema as { response: Record<string, unknown> };
  for (const [status, r] of asInput) {
    const { description, content } = r as {
      description: string;
      content: { 'application/json': { schema: z.ZodType } };
    };
    const schema = z.toJSONSchema(content['application/json'].schema, {
      io: 'input',
      target: 'draft-2020-12',
      unrepresentable: 'any',
    });
    delete schema.$schema;
    transformed.response[status] = { description, content: { 'application/json': { schema } } };
  }
  return result;
}

/** The document with only the named schemas it refers to (the library emits each in two forms). */
function transformObject(input: Parameters<typeof zodTransformObject>[0]): ReturnType<typeof zodTransformObject> {
  const document = zodTransformObject(input) as { components?: { schemas?: Record<string, unknown> } };
  const schemas = document.components?.schemas ?? {};
  const refs = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] ?? '');
  const used = new Set(refs({ ...document, components: { ...document.components, schemas: {} } }));
  for (const id of used) for (const ref of refs(schemas[id])) used.add(ref);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([id]) => used.has(id)));
  return { ...document, components: { ...document.components, schemas: kept } } as ReturnType<
    typeof zodTransformObject
  >;
}

/**
 * Route schemas document the API and nothing else: validation stays in the handlers (parseOr400,
 * whose messages clients rely on) and answers are sent as they always were. Call before any route
 * is added: the document collects routes as they are registered.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: {
    /** The scope an API token needs for a route, or undefined when tokens may not call it. */
    apiTokenScope?: (method: string, url: string) => string | undefined;
  } = {},
): Promise<void> {
  // `true` leaves the request untouched (a `{ value }` answer would turn an absent body into null).
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // A session's state-changing requests also need the CSRF double submit (http/csrf.ts); an API
  // token needs none, and may call the routes (and with the scope) options.apiTokenScope names.
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { security?: Record<string, string[]>[] } | undefined;
    if (schema?.security === undefined) return;
    const method = Array.isArray(route.method) ? String(route.method[0]) : route.method;
    const csrf = UNSAFE_METHODS.has(method) ? { [CSRF_COOKIE_SCHEME]: [], [CSRF_HEADER_SCHEME]: [] } : undefined;
    if (schema.security.length === 0) {
      schema.security = csrf === undefined ? [] : [csrf];
      return;
    }
    const scope = options.apiTokenScope?.(method, route.url);
    schema.security = [{ [SESSION]: [], ...csrf }, ...(scope === undefined ? [] : [{ [API_TOKEN]: [scope] }])];
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kassa API',
        version: PRODUCT_VERSION,
        description:
          'Self-hosted multi-currency personal finance tracker. JSON in, JSON out; every error answers ' +
          '`{type, message}`. Amounts are major units of their currency; instants are ISO 8601 with a zone.',
      },
      components: {
        securitySchemes: {
          [SESSION]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The session token of auth/login; renew it with GET /api/auth/refresh-token.',
          },
          ...(options.apiTokenScope === undefined
            ? {}
            : {
                [API_TOKEN]: {
                  type: 'http',
                  scheme: 'bearer',
                  description:
                    'A personal API token (kassa_…, made under account/tokens); needs no CSRF header. The role ' +
                    'names the scope it needs: `read` or `read-write`.',
                },
              }),
          [CSRF_HEADER_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: 'X-XSRF-TOKEN',
            description:
              `Non-GET requests echo the ${CSRF_COOKIE} cookie in the ${CSRF_HEADER} header (double submit). ` +
              'Browsers get the cookie from any answer; a client without a cookie jar sends its own random ' +
              `token of 32 to 128 characters [A-Za-z0-9_-] both as the ${CSRF_COOKIE} cookie and in this header.`,
          },
          [CSRF_COOKIE_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: CSRF_COOKIE,
            description: `The same token as the ${CSRF_HEADER} header.`,
          },
        },
      },
    },
    // Routes without a tag are not API routes: the docs page itself and the web app's files.
    hideUntagged: true,
    transform,
    transformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0 },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
}
