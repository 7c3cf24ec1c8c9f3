import { route, type RouteDef } from '../http/context.ts';
import { openApiDocument } from '../http/openapi.ts';
import { escapeHtml, htmlPage } from '../static.ts';

type Operation = {
  summary: string;
  description: string;
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
};

/** The reference page: the OpenAPI document as HTML, rendered here (no script, no CDN). */
function referencePage(doc: Record<string, any>): string {
  const sections: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = (op.parameters ?? [])
        .map((p) => `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}${p.required ? ', required' : ''}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`)
        .join('');
      const body = op.requestBody?.content['application/json']?.schema;
      const fileTypes = op.requestBody && !body ? Object.keys(op.requestBody.content) : [];
      sections.push(`<section id="${escapeHtml(`${method}-${path}`)}">
<h2><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>
<p>${escapeHtml(op.summary)}. ${escapeHtml(op.description)}</p>
${params ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Schema</th></tr></thead><tbody>${params}</tbody></table>` : ''}
${body ? `<details><summary>JSON body</summary><pre>${escapeHtml(JSON.stringify(body, null, 2))}</pre></details>` : ''}
${fileTypes.length ? `<p>Body: a file, sent as ${fileTypes.map((t) => `<code>${escapeHtml(t)}</code>`).join(', ')} (a form sends it as its <code>file</code> part).</p>` : ''}
</section>`);
    }
  }
  return htmlPage(
    'API reference',
    `<main class="wide">
<h1>${escapeHtml(doc.info.title)}</h1>
<p>${escapeHtml(doc.info.description)}</p>
<p>The same as a document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(doc.openapi)}).</p>
${sections.join('\n')}
</main>`,
  );
}

/** GET /api/openapi.json and GET /api/docs, built from `table()`, the whole route table (these two included). */
export function docsRoutes(table: () => readonly RouteDef[]): RouteDef[] {
  let doc: Record<string, unknown> | undefined;
  const document = () => (doc ??= openApiDocument(table()));
  return [
    route('GET', '/api/openapi.json', 'public', { summary: 'This API as an OpenAPI 3.1 document', handler: (c) => c.json(document(), 200) }),
    route('GET', '/api/docs', 'public', { summary: 'This API as a reference page', handler: (c) => c.html(referencePage(document()), 200) }),
  ];
}
