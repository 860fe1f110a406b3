import { useState } from 'react';
import { Chip } from '../../components/Badge';
import { CodeBlock } from '../../components/CodeBlock';
import { SelectField } from '../../components/SelectField';
import type { OpenApiDocument } from '../../stores/developers/docs';

export interface ApiOperationRow {
  method: string;
  path: string;
  summary: string;
}

/** The operations of an OpenAPI document grouped by their first tag, in the document's order. */
export function operationsByTag(doc: OpenApiDocument): { tag: string; ops: ApiOperationRow[] }[] {
  const groups = new Map<string, ApiOperationRow[]>((doc.tags ?? []).map((t) => [t.name, []]));
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method: method.toUpperCase(), path, summary: op.summary ?? '' });
    }
  }
  return [...groups].filter(([, ops]) => ops.length > 0).map(([tag, ops]) => ({ tag, ops }));
}

/** The request examples of sendMessage in the document. */
export function sendExamples(doc: OpenApiDocument): Record<string, unknown> {
  const path = Object.keys(doc.paths).find((p) => p.endsWith('/sendMessage'));
  const examples = path ? doc.paths[path]?.post?.requestBody?.content?.['application/json']?.examples : undefined;
  return Object.fromEntries(Object.entries(examples ?? {}).map(([name, e]) => [name, e.value]));
}

/** Endpoints by tag: method, path and summary. */
export function ApiEndpoints({ doc }: { doc: OpenApiDocument }) {
  return (
    <div className="w-api">
      {operationsByTag(doc).map((g) => (
        <section key={g.tag} className="w-api__group" aria-labelledby={`tag-${g.tag}`}>
          <h3 className="w-api__tag" id={`tag-${g.tag}`}>
            {g.tag}
          </h3>
          <ul className="w-api__ops">
            {g.ops.map((op) => (
              <li key={`${op.method} ${op.path}`} className="w-api__op">
                <Chip tone={op.method === 'GET' ? 'info' : 'success'}>{op.method}</Chip>
                <code className="w-api__path">{op.path}</code>
                <span className="w-api__summary">{op.summary}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** A picker over the sendMessage examples and the chosen example's JSON body. */
export function SendExamples({ examples }: { examples: Record<string, unknown> }) {
  const names = Object.keys(examples);
  const [name, setName] = useState(names[0] ?? '');
  if (names.length === 0) return <p className="w-muted">The API document has no sendMessage examples.</p>;
  return (
    <div className="w-dev-stack">
      <SelectField
        label="Example"
        value={name}
        onChange={setName}
        options={names.map((n) => ({ value: n, text: n }))}
      />
      <CodeBlock label="Request body (JSON)" code={JSON.stringify(examples[name], null, 2)} />
    </div>
  );
}
