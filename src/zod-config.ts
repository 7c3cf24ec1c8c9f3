/**
 * zod decides, when it builds its first object schema, whether to probe eval with
 * new Function(); under the server's Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') that probe is a violation. This is what z.config({ jitless: true }) sets.
 * main.tsx imports this module first, and zod is in no module of the first chunk (the sign-in
 * path has none), so it runs before any zod code: no classic script in index.html is needed.
 */
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = Object.assign(g.__zod_globalConfig ?? {}, { jitless: true });
