/**
 * The REST API, the CLI and the pages agree: every REST operation a page names exists in
 * openapi.yaml, every CLI command maps to operations that exist (or says why it needs none), and
 * every list of the personal workspace exists for organizations too.
 */
import { describe, expect, it } from 'vitest';
import { codeBlocks, hasContent, readModel, readPages } from './pages.js';

type Json = any;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const openapi = readModel<Json>('openapi.yaml');
const cli = readModel<Json>('cli.yaml');

const operations = Object.entries(openapi.paths as Record<string, Json>).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((method) => ({
    method: method.toUpperCase(),
    path,
    id: item[method].operationId as string,
  })),
);
const operationIds = new Set(operations.map((o) => o.id));

/** `/workflows/{workflow_id}/errors`, `/workflows/wf_9Pq4Lx2Nv7Bs/errors` and `/workflows/{id}/errors` are one path. */
const shape = (path: string) =>
  path
    .replace(/\/$/, '')
    .split('/')
    .map((seg) => (/^\{.+\}$|^[a-z]+_[A-Za-z0-9]{12}$|^\$\{?\w+\}?$/.test(seg) ? '{}' : seg))
    .join('/');
const known = new Map<string, Set<string>>();
for (const o of operations) known.set(shape(o.path), (known.get(shape(o.path)) ?? new Set()).add(o.method));

/** First path segments of the REST API: a path starting elsewhere (`/orders`, `/v1/...`) belongs to something else. */
const API_ROOTS = new Set(operations.map((o) => o.path.split('/')[1]));

/** Every REST path a text names, with the method when it gives one. */
export function namedOperations(text: string): { method?: string; path: string }[] {
  const found: { method?: string; path: string }[] = [];
  for (const m of text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE)\s+(\/[A-Za-z0-9_{}$./-]+)/g))
    found.push({ method: m[1], path: m[2]!.replace(/[.,;:)]+$/, '') });
  for (const m of text.matchAll(/`(\/[A-Za-z0-9_{}$/-]+)(?:\?[^`]*)?`/g)) {
    if (!found.some((f) => f.path === m[1])) found.push({ path: m[1]! });
  }
  return found.filter((f) => API_ROOTS.has(f.path.split('/')[1]!));
}

function exists({ method, path }: { method?: string; path: string }): boolean {
  const methods = known.get(shape(path));
  return !!methods && (!method || methods.has(method));
}

/** The operation ids a command's `rest` names: a list of ids, or a list of `{ resource, operations }`. */
function commandOperations(command: Json): string[] {
  const rest = command.rest;
  if (!Array.isArray(rest)) return [];
  return rest.flatMap((r: Json) => (typeof r === 'string' ? [r] : (r.operations ?? [])));
}

describe('docs/rest: every operation named is in openapi.yaml', () => {
  it('finds named operations in prose and code, and only those of the API', () => {
    expect(
      namedOperations('See GET /workflows/{id}/errors, or `/users/me/webhooks?limit=5`; POST /orders is yours.'),
    ).toEqual([{ method: 'GET', path: '/workflows/{id}/errors' }, { path: '/users/me/webhooks' }]);
    expect(exists({ method: 'GET', path: '/workflows/wf_9Pq4Lx2Nv7Bs/errors' })).toBe(true);
    expect(exists({ method: 'PATCH', path: '/workflows/{workflow_id}' })).toBe(false);
    expect(exists({ path: '/components/{component}/versions' })).toBe(false);
  });

  it.skipIf(!hasContent)('names only operations that exist, on every page and in the models', () => {
    const missing: string[] = [];
    for (const page of readPages()) {
      const lines = page.body.split('\n');
      lines.forEach((line, i) => {
        for (const op of namedOperations(line))
          if (!exists(op))
            missing.push(`${page.file}:${page.bodyLine + i}  ${op.method ?? ''} ${op.path}`.replace('  ', '  '));
      });
    }
    for (const file of ['concepts.yaml', 'cli.yaml', 'code-step-api.yaml', 'component-api.yaml', 'sse.yaml']) {
      const text = JSON.stringify(readModel(file));
      for (const op of namedOperations(text.replace(/\\n/g, ' ')))
        if (!exists(op)) missing.push(`_model/${file}  ${op.method ?? ''} ${op.path}`);
    }
    expect(missing).toEqual([]);
  });

  it('lists for organizations whatever it lists for the personal workspace', () => {
    const lists = (prefix: string) =>
      new Set(
        operations
          .filter((o) => o.method === 'GET' && o.path.startsWith(prefix) && o.path.split('/').length === 4)
          .map((o) => o.path.split('/')[3]),
      );
    expect([...lists('/users/me/')].sort()).toEqual([...lists('/orgs/{org_id}/')].sort());
  });
});

describe('docs/cli: every command maps to REST operations that exist', () => {
  it('names operations for each command, or says why it needs none', () => {
    const problems: string[] = [];
    for (const command of cli.commands as Json[]) {
      if (!Array.isArray(command.rest)) problems.push(`${command.name}: no rest list`);
      const ids = commandOperations(command);
      if (!ids.length && !command.local) problems.push(`${command.name}: calls no operation and gives no local reason`);
      for (const id of ids) if (!operationIds.has(id)) problems.push(`${command.name}: unknown operation ${id}`);
    }
    expect(problems).toEqual([]);
  });

  it('maps every resource `list` accepts, and every kind `delete` and `describe` take', () => {
    const command = (name: string) => (cli.commands as Json[]).find((c) => c.name === name);
    const list = command('list');
    const accepted = String(list.arguments[0].description)
      .match(/^[^.]*/)![0]
      .split(/,\s*|\s+or\s+/)
      .map((w) => w.replace(/\s*\(.*\)$/, '').trim())
      .filter(Boolean);
    expect(list.rest.map((r: Json) => r.resource).sort()).toEqual([...accepted].sort());
    for (const name of ['delete', 'describe']) {
      const kinds = command(name).rest.map((r: Json) => r.resource);
      for (const kind of kinds)
        expect(String(command(name).description).toLowerCase(), `${name} ${kind}`).toContain(kind);
    }
  });

  it('deletes and describes through REST operations of the right kind', () => {
    const byResource = (name: string) =>
      Object.fromEntries(
        (cli.commands as Json[]).find((c) => c.name === name).rest.map((r: Json) => [r.resource, r.operations]),
      );
    for (const [kind, ids] of Object.entries(byResource('delete')))
      for (const id of ids as string[])
        expect(operations.find((o) => o.id === id)?.method, `delete ${kind}`).toBe('DELETE');
    for (const [kind, ids] of Object.entries(byResource('describe')))
      for (const id of ids as string[])
        expect(operations.find((o) => o.id === id)?.method, `describe ${kind}`).toBe('GET');
  });
});

describe.skipIf(!hasContent)('docs/cli: the pages show the workflow commands the model has', () => {
  it('documents pause, resume and export on the CLI reference', () => {
    // The reference is split by command group: workflows' commands on one page, deploy with the sources'.
    const pages = readPages().filter((p) => p.file === 'cli/workflows.md' || p.file === 'cli/sources.md');
    const reference = pages.find((p) => p.file === 'cli/workflows.md')!;
    for (const name of ['pause', 'resume', 'export'])
      expect(reference.body, name).toMatch(new RegExp(`^### ${name}$`, 'm'));
    const shell = pages
      .flatMap((p) => codeBlocks(p))
      .map((b) => b.code)
      .join('\n');
    expect(shell).toMatch(/conduit deploy \S+\.json/);
  });
});
