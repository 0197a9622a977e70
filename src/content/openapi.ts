import path from 'node:path';
import type { ResolvedConfig } from '../config/schema.js';
import { BuildError, Problems } from '../model/errors.js';
import { frontmatterLine } from './frontmatter.js';
import { contentRules, readProjectText, RefusedFile, type ReadRules } from './project-files.js';
import { contentFolderOf } from '../versions/paths.js';
import type { Plugin } from '../plugins/types.js';
import { checkOpenApi, OPENAPI_MODEL, validateOpenApi } from '../checks/openapi.js';
import { resolveConstants } from '../markdown/constants.js';
import type { PageSource } from '../model/page.js';
import type { Site } from '../model/site.js';

/** The parts of an OpenAPI 3.1 document the reference renders (after $refs are resolved). */
interface Schema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
  default?: unknown;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  title?: string;
  example?: unknown;
  examples?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface MediaType {
  schema?: Schema;
  example?: unknown;
}
interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses: Record<string, { description?: string; content?: Record<string, MediaType> }>;
  security?: SecurityRequirement[];
  servers?: Server[];
}
interface Server {
  url: string;
  variables?: Record<string, { default: string }>;
}
type SecurityRequirement = Record<string, string[]>;
/** A security scheme of `components.securitySchemes` (OpenAPI 3.1, section 4.8.27). */
interface SecurityScheme {
  type: 'apiKey' | 'http' | 'mutualTLS' | 'oauth2' | 'openIdConnect';
  name?: string;
  in?: 'query' | 'header' | 'cookie';
  scheme?: string;
}
interface Document {
  info: { title: string; description?: string };
  servers?: Server[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation | Parameter[] | Server[]>>;
  security?: SecurityRequirement[];
  components?: { securitySchemes?: Record<string, SecurityScheme> };
}

/** What the request samples of the reference are written with: the environment variable that holds the credential. */
export interface OpenApiOptions {
  apiKeyVariable: string;
}

/** One operation's request, as every sample writes it: its URL, and the credential's header or query parameter. */
interface Request {
  method: string;
  /** Base URL and path, with the required query parameters as placeholders. */
  url: string;
  /** The credential: a header (name and value before the variable), or a query parameter; none for an open operation. */
  auth?: { header: string; prefix: string } | { query: string };
  variable: string;
  /** The JSON body example, when the operation takes one. */
  example: unknown;
  empty: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The environment variable the samples read the credential from, unless `openapi.apiKeyVariable` names another. */
export const DEFAULT_API_KEY_VARIABLE = 'API_KEY';

/** `createSource` -> `create-source`: the anchor worked examples link to. */
export function operationAnchor(operationId: string): string {
  return operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** Loads and validates an OpenAPI document; problems name the file and the JSON path at fault. */
export async function loadOpenApi(
  file: string,
  relative: string,
  problems: Problems,
  rules: ReadRules,
  place: { file: string; line?: number } = { file: relative },
): Promise<Document | null> {
  let raw: string;
  try {
    raw = readProjectText(file, rules, relative);
  } catch (error) {
    const refused = error instanceof RefusedFile && error.reason !== 'missing' && error.reason !== 'unreadable';
    problems.add(
      refused
        ? `cannot read the OpenAPI document: ${error.message}`
        : `cannot read the OpenAPI document: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      refused ? place : { file: relative },
      refused ? error.fix : 'check the `openapi:` path in the frontmatter (relative to the page)',
    );
    return null;
  }
  const { problems: invalid, api } = await validateOpenApi(file, raw, rules, relative);
  problems.push(...invalid);
  return invalid.length ? null : (api as Document);
}

/** The documents that reference pages bring into the build (validated there), as paths under the content folder. */
export function referencedOpenApiDocuments(
  pages: { relativePath: string; frontmatter: Record<string, unknown> }[],
): Set<string> {
  return new Set(
    pages.flatMap((p) =>
      typeof p.frontmatter.openapi === 'string'
        ? [path.posix.normalize(path.posix.join(path.posix.dirname(p.relativePath), p.frontmatter.openapi))]
        : [],
    ),
  );
}

function typeOf(schema: Schema | undefined): string {
  if (!schema) return '';
  if (schema.enum) return schema.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' \\| ');
  const type = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null').join(' \\| ') : schema.type;
  if (type === 'array') return `array of ${typeOf(schema.items) || 'values'}`;
  if (!type && (schema.oneOf || schema.anyOf))
    return (schema.oneOf ?? schema.anyOf)!.map(typeOf).filter(Boolean).join(' \\| ');
  return `${type ?? 'any'}${schema.format ? ` (${schema.format})` : ''}`;
}

/** A table cell: one line, pipes escaped. */
const cell = (text = '') =>
  text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();

function fieldsTable(schema: Schema): string[] {
  const props = Object.entries(schema.properties ?? {});
  if (!props.length) return [];
  const required = new Set(schema.required ?? []);
  return [
    '| Field | Type | Required | Description |',
    '| --- | --- | --- | --- |',
    ...props.map(
      ([name, s]) =>
        `| \`${name}\` | ${typeOf(s)} | ${required.has(name) ? 'yes' : 'no'} | ${cell(s.description)}${s.default !== undefined ? ` Default \`${JSON.stringify(s.default)}\`.` : ''} |`,
    ),
  ];
}

/** HTML text, escaped. */
const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A description's inline Markdown in HTML: code spans kept, everything else text (one line). */
const prose = (text = '') =>
  esc(text.replace(/\s*\n\s*/g, ' ').trim()).replace(/`([^`]+)`/g, '<code>$1</code>');

const literal = (value: unknown) => `<code>${esc(JSON.stringify(value))}</code>`;

/** allOf's parts as one schema: their properties and required fields together. */
function merged(schema: Schema): Schema {
  if (!schema.allOf) return schema;
  const out: Schema = { ...schema, allOf: undefined, properties: { ...schema.properties }, required: [...(schema.required ?? [])] };
  for (const part of schema.allOf.map(merged)) {
    Object.assign(out.properties!, part.properties);
    out.required!.push(...(part.required ?? []));
    out.type ??= part.type;
    out.description ??= part.description;
    if (part.oneOf || part.anyOf) out.oneOf = part.oneOf ?? part.anyOf;
  }
  return out;
}

/** A schema's type in words, for HTML: enums and choices are shown in their own cells. */
function typeText(schema: Schema): string {
  const s = merged(schema);
  const type = Array.isArray(s.type) ? s.type.filter((t) => t !== 'null').join(' or ') : s.type;
  if (type === 'array') return `array of ${s.items ? typeText(s.items) : 'values'}`;
  if (!type && (s.oneOf || s.anyOf)) return 'one of';
  if (!type && s.properties) return 'object';
  const nullable = s.nullable || (Array.isArray(s.type) && s.type.includes('null'));
  return `${type ?? 'any'}${s.format ? ` (${s.format})` : ''}${nullable ? ', nullable' : ''}`;
}

/** The object a schema describes, if any: its own, or its items' (an array of objects). */
function objectOf(schema: Schema): Schema | undefined {
  const s = merged(schema);
  if (s.properties && Object.keys(s.properties).length) return s;
  if (s.items) return objectOf(s.items);
  return undefined;
}

/** How deep nested objects are shown: the reference model nests three levels; recursive schemas stop here. */
const SCHEMA_DEPTH = 5;

/**
 * A schema's fields as an HTML table: name (and whether required), type, and what a reader needs to
 * send or expect: description, allowed values, default, example. A field that is an object (or a
 * list of objects) holds its own table in a `<details>`, closed, so a long response stays short to
 * read; `oneOf`/`anyOf` are the choices, each in its own `<details>`; `allOf` is one object.
 */
export function schemaTable(schema: Schema, depth = 0, seen: Set<Schema> = new Set()): string {
  const s = merged(schema);
  const choices = s.oneOf ?? s.anyOf;
  const rows: string[] = [];
  const required = new Set(s.required ?? []);
  for (const [name, field] of Object.entries(s.properties ?? {})) rows.push(fieldRow(name, field, required.has(name), depth, seen));
  const table = rows.length
    ? `<table class="api-fields"><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
    : '';
  return table + (choices ? choiceList(choices, depth, seen) : '');
}

function choiceList(choices: Schema[], depth: number, seen: Set<Schema>): string {
  const items = choices.map((choice, i) => {
    const c = merged(choice);
    const label = `${c.title ? `${esc(c.title)}: ` : ''}${esc(typeText(c))}`;
    const nested = depth < SCHEMA_DEPTH && !seen.has(choice) ? schemaTable(c, depth + 1, new Set([...seen, choice])) : '';
    const about = c.description ? `<p>${prose(c.description)}</p>` : '';
    return nested
      ? `<li><details><summary>Option ${i + 1}: ${label}</summary>${about}${nested}</details></li>`
      : `<li>Option ${i + 1}: ${label}${c.enum ? ` (${c.enum.map(literal).join(', ')})` : ''}${about}</li>`;
  });
  return `<p>One of:</p><ul class="api-choices">${items.join('')}</ul>`;
}

function fieldRow(name: string, field: Schema, isRequired: boolean, depth: number, seen: Set<Schema>): string {
  const f = merged(field);
  const notes: string[] = [];
  if (f.description) notes.push(prose(f.description));
  const values = f.enum ?? (f.items && merged(f.items).enum);
  if (values) notes.push(`Values: ${values.map(literal).join(', ')}.`);
  if (f.const !== undefined) notes.push(`Always ${literal(f.const)}.`);
  if (f.minimum !== undefined || f.maximum !== undefined)
    notes.push(`${f.minimum !== undefined ? `At least ${f.minimum}` : ''}${f.minimum !== undefined && f.maximum !== undefined ? ', at most ' : f.maximum !== undefined ? 'At most ' : ''}${f.maximum ?? ''}.`);
  if (f.default !== undefined) notes.push(`Default: ${literal(f.default)}.`);
  const example = f.example ?? f.examples?.[0];
  if (example !== undefined && (typeof example !== 'object' || example === null)) notes.push(`Example: ${literal(example)}.`);
  const object = objectOf(f);
  let nested = '';
  if (depth < SCHEMA_DEPTH && !seen.has(field)) {
    const inner = new Set([...seen, field]);
    if (object) nested = `<details><summary>Fields of <code>${esc(name)}</code></summary>${schemaTable(object, depth + 1, inner)}</details>`;
    else if (f.oneOf || f.anyOf) nested = choiceList((f.oneOf ?? f.anyOf)!, depth + 1, inner);
  }
  return `<tr><td><code>${esc(name)}</code>${isRequired ? ' <small>required</small>' : ''}</td><td>${esc(typeText(f))}</td><td>${notes.join(' ')}${nested}</td></tr>`;
}

/**
 * What the try-it panel needs to send an operation's request: a placeholder the reference module fills
 * (client/features/api.ts). None when the operation's server is not an absolute http(s) URL. A key the
 * API takes in the query is not offered: the panel never puts a credential in a URL.
 */
function tryItPanel(base: string, urlPath: string, op: Operation, request: Request, body: MediaType | undefined): string {
  if (!/^https?:\/\//.test(base)) return '';
  const params = (op.parameters ?? [])
    .filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header')
    .map((p) => {
      const schema = merged(p.schema ?? {});
      return {
        name: p.name,
        in: p.in,
        ...(p.required && { required: true }),
        type: typeText(schema),
        ...(schema.enum && { enum: schema.enum }),
        ...(schema.default !== undefined && { default: schema.default }),
      };
    });
  const auth = request.auth && 'header' in request.auth ? request.auth : undefined;
  const bodyText = body ? JSON.stringify(body.example ?? exampleOf(body.schema ?? {}), null, 2) : undefined;
  const data = {
    method: request.method.toUpperCase(),
    path: urlPath,
    server: base,
    params,
    ...(auth && { auth }),
    ...(bodyText !== undefined && { body: bodyText }),
  };
  // One line: a Markdown HTML block ends at a blank line.
  return `<div class="api-try" data-api-try="${esc(JSON.stringify(data)).replace(/\n/g, '&#10;')}"></div>`;
}

/** A value of a schema's shape, for a body the document gives no example of. */
export function exampleOf(schema: Schema, depth = 0): unknown {
  const s = merged(schema);
  if (s.example !== undefined) return s.example;
  if (s.examples?.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  if (depth > SCHEMA_DEPTH) return null;
  const choice = s.oneOf ?? s.anyOf;
  if (choice?.length && !s.properties) return exampleOf(choice[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const required = new Set(s.required ?? []);
    return Object.fromEntries(
      Object.entries(s.properties ?? {})
        .filter(([name]) => required.has(name) || !s.required)
        .map(([name, field]) => [name, exampleOf(field, depth + 1)]),
    );
  }
  if (type === 'array') return s.items ? [exampleOf(s.items, depth + 1)] : [];
  if (type === 'integer' || type === 'number') return s.minimum ?? 0;
  if (type === 'boolean') return false;
  if (type === 'string') return s.format === 'date-time' ? '2026-01-01T00:00:00Z' : '';
  return null;
}

/** The URL with the credential in its query, the value written by `value` (how each language reads the variable). */
function urlWith(request: Request, value: string): string {
  if (!request.auth || !('query' in request.auth)) return request.url;
  return `${request.url}${request.url.includes('?') ? '&' : '?'}${request.auth.query}=${value}`;
}

function curl(request: Request): string {
  const { method, auth, variable, example } = request;
  const header = auth && 'header' in auth ? ` -H "${auth.header}: ${auth.prefix}$${variable}"` : '';
  const lines = [`curl ${method === 'get' ? '' : `-X ${method.toUpperCase()} `}"${urlWith(request, `$${variable}`)}"${header}`];
  if (example !== undefined) {
    lines[0] += ' \\';
    lines.push(`  -H "Content-Type: application/json" -d '${JSON.stringify(example)}'`);
  }
  return lines.join('\n');
}

/** Every tag of the document, in its order: the declared ones, then those only operations name. */
function documentTags(doc: Document): string[] {
  const declared = (doc.tags ?? []).map((t) => t.name);
  const used = Object.values(doc.paths).flatMap((item) =>
    METHODS.map((m) => (item[m] as Operation | undefined)?.tags?.[0] ?? (item[m] ? 'Other' : null)),
  );
  return [...new Set([...declared, ...used.filter((t): t is string => t !== null)])];
}

/**
 * The base URL of an operation: the first server of the operation, else of its path, else of the document, its
 * variables at their defaults; without servers the specification's default, "/" (paths relative to the host).
 */
export function serverUrl(servers: Server[] | undefined): string {
  const server = servers?.[0];
  if (!server) return '';
  const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole);
  return url.replace(/\/+$/, '');
}

/**
 * How an operation is authenticated in the samples: its first security requirement (the operation's own, else the
 * document's) and that requirement's first scheme of `components.securitySchemes`. An empty requirement, or none at
 * all, means no credential; schemes a request cannot carry in a header or query (mutual TLS) add nothing.
 */
export function requestAuth(doc: Document, op: Operation): Request['auth'] {
  const requirement = (op.security ?? doc.security)?.[0];
  const name = requirement ? Object.keys(requirement)[0] : undefined;
  const scheme = name ? doc.components?.securitySchemes?.[name] : undefined;
  if (!scheme) return undefined;
  if (scheme.type === 'apiKey' && scheme.name) {
    if (scheme.in === 'query') return { query: scheme.name };
    if (scheme.in === 'cookie') return { header: 'Cookie', prefix: `${scheme.name}=` };
    return { header: scheme.name, prefix: '' };
  }
  if (scheme.type === 'http') {
    const kind = (scheme.scheme ?? 'bearer').toLowerCase();
    return { header: 'Authorization', prefix: `${kind === 'basic' ? 'Basic' : kind === 'bearer' ? 'Bearer' : scheme.scheme} ` };
  }
  // An OAuth 2 or OpenID Connect access token is sent as a bearer token.
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return { header: 'Authorization', prefix: 'Bearer ' };
  return undefined;
}

/** The base URL an operation is sent to: its own server, else its path's, else the document's. */
function operationBase(doc: Document, urlPath: string, op: Operation): string {
  const pathServers = doc.paths[urlPath]?.servers as Server[] | undefined;
  return serverUrl(op.servers ?? pathServers ?? doc.servers);
}

/** An operation's request as the samples write it. */
function operationRequest(
  doc: Document,
  method: string,
  urlPath: string,
  op: Operation,
  options: OpenApiOptions,
): Request {
  const query = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=<${p.name}>`);
  return {
    method,
    url: `${operationBase(doc, urlPath, op)}${urlPath}${query.length ? `?${query.join('&')}` : ''}`,
    auth: requestAuth(doc, op),
    variable: options.apiKeyVariable,
    example: op.requestBody?.content?.['application/json']?.example,
    empty: response204(op),
  };
}

/** The same request with Node.js's fetch (ES module, top-level await). */
function nodeFetch(request: Request): string {
  const { method, auth, variable, example } = request;
  const json = example !== undefined;
  const env = `process.env.${variable}`;
  const headers = [
    ...(auth && 'header' in auth ? [`${jsKey(auth.header)}: ${auth.prefix ? `\`${auth.prefix}\${${env}}\`` : env}`] : []),
    ...(json ? ["'Content-Type': 'application/json'"] : []),
  ];
  // The body as the JSON text curl sends: the same bytes in all three, which keeps the page light.
  const options = [
    ...(method === 'get' ? [] : [`method: '${method.toUpperCase()}'`]),
    ...(headers.length ? [`headers: { ${headers.join(', ')} }`] : []),
    ...(json ? [`body: ${jsString(JSON.stringify(example))}`] : []),
  ];
  const url = auth && 'query' in auth ? `\`${urlWith(request, `\${${env}}`)}\`` : `'${request.url}'`;
  const call = `fetch(${url}${options.length ? `, { ${options.join(', ')} }` : ''})`;
  return `// Node.js 18 or later (global fetch), as an ES module (top-level await).\n${request.empty ? `await ${call};` : `const data = await (await ${call}).json();`}`;
}

/** A header name as an object key: quoted unless it is an identifier. */
const jsKey = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);

/** The same request with Python's requests. */
function pythonRequests(request: Request): string {
  const { method, auth, variable, example } = request;
  const json = example !== undefined;
  const env = `os.environ["${variable}"]`;
  const headers = [
    ...(auth && 'header' in auth ? [`"${auth.header}": ${auth.prefix ? `"${auth.prefix}" + ${env}` : env}`] : []),
    ...(json ? ['"Content-Type": "application/json"'] : []),
  ];
  const args = [
    `"${request.url}"`,
    ...(auth && 'query' in auth ? [`params={"${auth.query}": ${env}}`] : []),
    ...(headers.length ? [`headers={${headers.join(', ')}}`] : []),
    ...(json ? [`data=${jsString(JSON.stringify(example))}`] : []),
  ];
  const call = `requests.${method}(${args.join(', ')})`;
  return `import ${auth ? 'os, ' : ''}requests\n${request.empty ? call : `data = ${call}.json()`}`;
}

/** Whether the operation's success response has no body. */
const response204 = (op: Operation) => Object.keys(op.responses).some((code) => code === '204');

/** Text as a single-quoted string literal, valid in JavaScript and Python alike. */
export function jsString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/**
 * The reference as Markdown: the document's own description (authentication, pagination, errors,
 * rate limits), then a section a tag and a subsection an operation, with parameters and body
 * fields in tables, a curl request and the success response's example. `only` renders those tags
 * (a long reference split over pages); the description goes with the document's first tag.
 */
export function openApiMarkdown(
  doc: Document,
  only?: string[],
  options: OpenApiOptions = { apiKeyVariable: DEFAULT_API_KEY_VARIABLE },
): string {
  const out: string[] = [];
  const all = documentTags(doc);
  const tags = only ?? all;
  if (doc.info.description && tags.includes(all[0]!)) out.push(doc.info.description.trim(), '');
  const byTag = new Map<string, [string, string, Operation][]>();
  for (const [urlPath, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const own = item[method] as Operation | undefined;
      if (!own) continue;
      // The path's parameters apply to each of its operations, which may override one (same name and place).
      const shared = ((item.parameters ?? []) as Parameter[]).filter(
        (p) => !own.parameters?.some((o) => o.name === p.name && o.in === p.in),
      );
      const op = shared.length ? { ...own, parameters: [...shared, ...(own.parameters ?? [])] } : own;
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), [method, urlPath, op]]);
    }
  }
  for (const tag of tags) {
    const ops = byTag.get(tag);
    if (!ops) continue;
    out.push(`## ${tag}`, '', doc.tags?.find((t) => t.name === tag)?.description ?? '', '');
    for (const [method, urlPath, op] of ops) {
      out.push(
        `### ${op.summary} {#${operationAnchor(op.operationId)}}`,
        '',
        `\`${method.toUpperCase()} ${urlPath}\``,
        '',
      );
      if (op.description) out.push(op.description.trim(), '');
      const request = operationRequest(doc, method, urlPath, op, options);
      // Every example shows the credential; only the exceptions need saying.
      if (!request.auth && doc.components?.securitySchemes) out.push('**Authentication:** none.', '');
      for (const where of ['path', 'query']) {
        const params = (op.parameters ?? []).filter((p) => p.in === where);
        if (!params.length) continue;
        out.push(
          `**${where === 'path' ? 'Path' : 'Query'} parameters**`,
          '',
          '| Name | Type | Required | Description |',
          '| --- | --- | --- | --- |',
        );
        for (const p of params)
          out.push(
            `| \`${p.name}\` | ${typeOf(p.schema)} | ${p.required ? 'yes' : 'no'} | ${cell(p.description)}${p.schema?.default !== undefined ? ` Default \`${JSON.stringify(p.schema.default)}\`.` : ''} |`,
          );
        out.push('');
      }
      const body = op.requestBody?.content?.['application/json'];
      if (body?.schema) {
        const table = fieldsTable(body.schema);
        if (table.length) out.push('**Request body**', '', ...table, '');
      }
      // One request three ways, from the same operation, as a code group (each block is checked: js parses, Python tokenizes).
      out.push(
        '**Example request**',
        '',
        '::: code-group',
        '```bash title="curl"',
        curl(request),
        '```',
        '',
        '```js title="Node.js"',
        nodeFetch(request),
        '```',
        '',
        '```python title="Python"',
        pythonRequests(request),
        '```',
        ':::',
        '',
      );
      const panel = tryItPanel(operationBase(doc, urlPath, op), urlPath, op, request, body);
      if (panel) out.push(panel, '');
      const [status, response] = Object.entries(op.responses).find(([code]) => code.startsWith('2')) ?? [];
      const media = response?.content?.['application/json'];
      if (status && media?.example !== undefined)
        out.push(
          `**Example response** (\`${status}\`)`,
          '',
          '```json',
          JSON.stringify(media.example, null, 2),
          '```',
          '',
        );
      else if (status) out.push(`**Response:** \`${status}\` ${cell(response?.description)}`, '');
      const fields = media?.schema ? schemaTable(media.schema) : '';
      if (status && fields)
        out.push(
          `**Response fields** (\`${status}\`)`,
          '',
          // A scroll box a keyboard can reach (as src/markdown/tables.ts makes of Markdown tables).
          `<section class="api-schema" tabindex="0" aria-label="Response fields of ${esc(op.summary)}">${fields}</section>`,
          '',
        );
    }
  }
  return out.join('\n');
}

/**
 * The documents a site's pages reference, by plan: the frontmatter is part of it (a site of the same
 * `nav` object has the same, src/model/site.ts withSamePlan), so a `dev` save does not look at every page.
 */
const referencedByNav = new WeakMap<object, Set<string>>();

function referencedByPlan(site: Site): Set<string> {
  let found = referencedByNav.get(site.nav);
  if (!found) referencedByNav.set(site.nav, (found = referencedOpenApiDocuments(site.pages)));
  return found;
}

/** The model's validation, kept while its text is the same (`dev` checks on every save). */
let modelCheck: { file: string; raw: string; problems: Promise<BuildError[]> } | undefined;

/**
 * The OpenAPI reference through the plugin API (src/plugins/builtin.ts): its `pages` hook writes the
 * reference into the pages that ask for it, before any Markdown is parsed; its check validates the
 * reference model (content/_model/openapi.yaml) when no page renders it.
 */
export const openApiPlugin: Plugin = {
  name: 'docs:openapi',
  async pages({ sources, config, report }) {
    const problems = new Problems();
    await expandOpenApiPages(sources as PageSource[], config, problems);
    for (const p of problems.list) report(p.message, p.place, p.fix);
  },
  checks: () => [
    {
      name: 'OpenAPI model',
      async run(site) {
        // A document a page renders was validated when the page was loaded: not twice.
        if (referencedByPlan(site).has(OPENAPI_MODEL)) return [];
        const file = path.join(site.config.contentDir, OPENAPI_MODEL);
        const rules = contentRules(site.config.contentDir, site.config.limits.fileBytes);
        let raw: string;
        try {
          raw = readProjectText(file, rules, OPENAPI_MODEL);
        } catch (error) {
          if (error instanceof RefusedFile && error.reason === 'missing') return [];
          if (error instanceof RefusedFile) return [new BuildError(error.message, { file: OPENAPI_MODEL }, error.fix)];
          throw error;
        }
        // Kept by file and text: its relative $refs resolve from where it is.
        if (modelCheck?.raw !== raw || modelCheck.file !== file)
          modelCheck = { file, raw, problems: checkOpenApi(file, raw, rules) };
        return modelCheck.problems;
      },
    },
  ],
};

/** The frontmatter key that holds the origin of a reference page's try-it requests (set when its reference is appended). */
export const API_ORIGIN_KEY = 'openapiOrigin';

/** The origins the try-it panels of some pages send requests to, sorted: the CSP's `connect-src` allows them. */
export function apiOrigins(pages: readonly { frontmatter: Record<string, unknown> }[]): string[] {
  const origins = pages.flatMap((p) => {
    const value = p.frontmatter[API_ORIGIN_KEY];
    return Array.isArray(value) ? value.filter((o): o is string => typeof o === 'string') : [];
  });
  return [...new Set(origins)].sort();
}

/** The origins of a document's servers (the document's, its paths' and operations' first), for its panels. */
function documentOrigins(doc: Document): string[] {
  const lists = [
    doc.servers,
    ...Object.values(doc.paths).flatMap((item) => [
      item.servers as Server[] | undefined,
      ...METHODS.map((m) => (item[m] as Operation | undefined)?.servers),
    ]),
  ];
  const urls = lists.map((servers) => serverUrl(servers)).filter((url) => /^https?:\/\//.test(url));
  return [...new Set(urls.map((url) => new URL(url).origin))].sort();
}

/** Set on a source whose reference has been appended: never twice, nor on a copy of it (a symbol key is copied with the object). */
const EXPANDED = Symbol('OpenAPI reference appended');
type Marked = PageSource & { [EXPANDED]?: true };

/**
 * A page whose frontmatter names an OpenAPI document (`openapi: ../../_model/openapi.yaml`, relative
 * to the page) gets the rendered reference appended to its body, before Markdown is parsed: its
 * headings, anchors, search entries and checks work like any written section.
 */
export async function expandOpenApiPages(
  sources: PageSource[],
  config: Pick<ResolvedConfig, 'contentDir' | 'constants' | 'versions' | 'limits' | 'openapi'>,
  problems: Problems,
): Promise<void> {
  const { contentDir } = config;
  for (const source of sources) {
    const ref = source.frontmatter.openapi;
    // A page `dev` keeps between builds (src/incremental/source-cache.ts, held in memory) was expanded when it was read.
    if (ref === undefined || (source as Marked)[EXPANDED]) continue;
    (source as Marked)[EXPANDED] = true;
    if (typeof ref !== 'string') {
      problems.add(
        'frontmatter "openapi" must be a path to an OpenAPI document',
        { file: source.relativePath, line: frontmatterLine(source, 'openapi') },
        'for example `openapi: ../_model/openapi.yaml`',
      );
      continue;
    }
    const file = path.resolve(path.dirname(source.file), ref);
    const rules = contentRules(contentFolderOf(config, source.relativePath), config.limits.fileBytes);
    const doc = await loadOpenApi(file, path.relative(contentDir, file).split(path.sep).join('/'), problems, rules, {
      file: source.relativePath,
      line: frontmatterLine(source, 'openapi'),
    });
    if (!doc) continue;
    const only = selectedTags(source, doc, problems);
    if (only === null) continue;
    // Constants are resolved here so that an unknown one is reported against the document, not the page.
    const relative = path.relative(contentDir, file).split(path.sep).join('/');
    const reference = resolveConstants(openApiMarkdown(doc, only, config.openapi), config.constants, {
      problems: { add: (message, _place, fix) => problems.add(message, { file: relative }, fix) },
      file: relative,
      lineOffset: 0,
    });
    source.body = `${source.body.trimEnd()}\n\n${reference}`;
    // Where its try-it panels send requests: the page's policy allows these origins, and no other page's does.
    const origins = documentOrigins(doc);
    if (origins.length) source.frontmatter[API_ORIGIN_KEY] = origins;
  }
}

/**
 * Frontmatter `openapiTags: [Workflows]`: the tags a page renders, to split a long reference over
 * pages. Absent: every tag. null when the list is malformed or names a tag the document lacks.
 */
function selectedTags(source: PageSource, doc: Document, problems: Problems): string[] | undefined | null {
  const value = source.frontmatter.openapiTags;
  if (value === undefined) return undefined;
  const tags = documentTags(doc);
  if (!Array.isArray(value) || !value.length || !value.every((t) => typeof t === 'string')) {
    problems.add(
      'frontmatter "openapiTags" must be a list of the OpenAPI document\'s tags',
      { file: source.relativePath, line: frontmatterLine(source, 'openapiTags') },
      `for example \`openapiTags: [${tags[0] ?? 'Sources'}]\`; its tags: ${tags.join(', ')}`,
    );
    return null;
  }
  const unknown = value.filter((t) => !tags.includes(t));
  if (unknown.length) {
    problems.add(
      `frontmatter "openapiTags" names ${unknown.map((t) => `"${t}"`).join(', ')}, not a tag of the OpenAPI document`,
      { file: source.relativePath, line: frontmatterLine(source, 'openapiTags') },
      `its tags: ${tags.join(', ')}`,
    );
    return null;
  }
  return value as string[];
}
