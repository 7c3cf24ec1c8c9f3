// Runs before the app's module scripts: zod decides when it builds the first object schema
// (at import time) whether to probe eval with new Function(), and under the server's
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') that probe is a violation.
// This is what z.config({ jitless: true }) sets; from main.tsx it would run after every import.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
