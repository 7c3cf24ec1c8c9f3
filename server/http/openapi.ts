import { z } from 'zod';
import type { RouteDef } from './context.ts';

/**
 * The OpenAPI 3.1 document of the API, generated from the one route table: each route's
 * method, path, guard and summary, and the JSON Schema of exactly the body and query schemas
 * its handler validates with (z.toJSONSchema of the shared zod schemas). Nothing is written
 * by hand, so the document cannot drift from what the server checks.
 */

/** The JSON Schema of what a client sends (the input side of transforms and defaults). */
export const inputSchema = (schema: z.ZodType): Record<string, unknown> => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

/** `/x/:id` → `/x/{id}` */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]\w*)/g, '{$1}');

const guardOf = (r: RouteDef): string =>
  r.access === 'public'
    ? 'Anyone, without signing in.'
    : r.access === 'auth'
      ? 'Any signed-in user.'
      : `Signed-in users holding ${typeof r.access === 'string' ? `the permission “${r.access}”` : `any of the permissions ${r.access.map((p) => `“${p}”`).join(', ')}`}.`;

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** A file route's body: the file itself in one of its types, or the `file` part of a form. */
function fileContent(types: readonly string[]): Record<string, unknown> {
  const file = { type: 'string', contentMediaType: 'application/octet-stream' };
  return Object.fromEntries(
    types.map((t) => [t, { schema: t === 'multipart/form-data' ? { type: 'object', required: ['file'], properties: { file } } : file }]),
  );
}

export function openApiDocument(routes: readonly RouteDef[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const params = [...r.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'integer', minimum: 1 },
    }));
    const query = r.query ? inputSchema(r.query) : undefined;
    const queryProps = (query?.properties ?? {}) as Record<string, Record<string, unknown>>;
    const queryRequired = (query?.required ?? []) as string[];
    const parameters = [
      ...params,
      ...Object.entries(queryProps).map(([name, schema]) => ({ name, in: 'query', required: queryRequired.includes(name), schema })),
    ];
    const responses: Record<string, unknown> = { '2XX': { description: 'Done.' } };
    if (r.access !== 'public') responses['401'] = error('Not signed in, or the session has ended.');
    if (r.access !== 'public' && r.access !== 'auth') responses['403'] = error('The signed-in user lacks the permission.');
    if (r.body) {
      responses['415'] = error('The body was not sent as application/json.');
      responses['422'] = error('The body is not valid: `errors` names each field and why.');
    }
    if (r.rawBody) {
      responses['413'] = error(r.rawBody.tooLarge);
      responses['422'] = error('The file is not one of the accepted types, or is damaged: `errors.file` says which.');
    }
    if (r.query) responses['422'] ??= error('A query parameter is not valid: `errors` names it and why.');
    for (const [status, why] of Object.entries(r.refusals ?? {})) responses[status] = error(why);
    paths[openApiPath(r.path)] ??= {};
    paths[openApiPath(r.path)]![r.method.toLowerCase()] = {
      operationId: `${r.method.toLowerCase()}${openApiPath(r.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ? ch.toUpperCase() : ''))}`,
      summary: r.summary ?? `${r.method} ${r.path}`,
      description: `Who may call it: ${guardOf(r)}`,
      'x-permission': r.access,
      ...(r.access === 'public' ? { security: [] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: inputSchema(r.body) } } } } : {}),
      ...(r.rawBody ? { requestBody: { required: true, content: fileContent(r.rawBody.types) } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Shop back office API',
      version: '1',
      description: [
        'Sign in with POST /api/v1/admin/login and send the token as `Authorization: Bearer <token>`.',
        'Request bodies are JSON (`Content-Type: application/json`). A write that carries a cookie must also send',
        'the XSRF-TOKEN cookie’s value in the X-XSRF-TOKEN header; a write without cookies need not.',
        'Errors are `{ message, errors? }`; 429 and 503 say when to retry in Retry-After.',
        'Not offered on purpose: self-registration (/api/register), e-mail verification and the cookie-session',
        '/api/login: staff accounts are made by an administrator, and the app sends no mail.',
      ].join(' '),
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['message'],
          properties: {
            message: { type: 'string' },
            code: { type: ['string', 'integer'] },
            errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          },
        },
      },
    },
    paths,
  };
}
