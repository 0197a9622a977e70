/**
 * The platform's reference model (content/_model/*.yaml): required keys, cross-file consistency,
 * constants by name, and an OpenAPI 3.1 document whose examples validate against their schemas.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';

type Json = any;
type Constants = Record<string, string | number>;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const modelDir = join(root, 'content/_model');

// ajv ships CommonJS: take the class whichever way the interop hands it over.
const Ajv2020 = ((Ajv2020Module as Json).default ?? Ajv2020Module) as typeof import('ajv/dist/2020.js').default;
const addFormats = ((addFormatsModule as Json).default ?? addFormatsModule) as typeof import('ajv-formats').default;

function load(name: string): Json {
  return parse(readFileSync(join(modelDir, name), 'utf8'), { prettyErrors: true });
}

/** The constants object of docs.config.ts: imported when the config module loads, else evaluated from its text. */
async function loadConstants(): Promise<Constants> {
  if (existsSync(join(root, 'src/config/index.ts')) || existsSync(join(root, 'src/config/index.js'))) {
    try {
      const mod: Json = await import('../../docs.config.ts');
      if (mod.default?.constants?.apiBaseUrl) return mod.default.constants;
    } catch {
      // fall through to reading the file as text
    }
  }
  const text = readFileSync(join(root, 'docs.config.ts'), 'utf8');
  const start = text.indexOf('const product =');
  const end = text.indexOf('} satisfies Record<string, string | number>;');
  if (start < 0 || end < 0) throw new Error('docs.config.ts: cannot find the product and constants objects');
  const code = `${text.slice(start, end)}};\nreturn constants;`;
  return new Function(code)() as Constants;
}

/** Calls fn for every value in a YAML tree, with the key path that leads to it. */
function walk(node: Json, fn: (value: Json, path: (string | number)[]) => void, path: (string | number)[] = []): void {
  fn(node, path);
  if (Array.isArray(node)) node.forEach((v, i) => walk(v, fn, [...path, i]));
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, fn, [...path, k]);
}

function strings(node: Json): { value: string; path: (string | number)[] }[] {
  const out: { value: string; path: (string | number)[] }[] = [];
  walk(node, (value, path) => {
    if (typeof value === 'string') out.push({ value, path });
  });
  return out;
}

/** Keys whose strings are samples written as a reader types them (literal values allowed). */
const SAMPLE_KEYS = new Set([
  'example',
  'examples',
  'code',
  'usage',
  'commands',
  'before',
  'after',
  'update',
  'verify',
  'request',
  'response',
  'pattern',
  'signature',
]);
const isSample = (path: (string | number)[]) => path.some((p) => typeof p === 'string' && SAMPLE_KEYS.has(p));

/** Keys whose value must always be a constant's name. */
const STRICT_CONSTANT_KEYS = new Set(['limit', 'constant', 'binaryConstant', 'removedOn', 'baseUrl', 'package']);
/** Keys whose value names a constant when it looks like one (camelCase with a capital). */
const LOOSE_CONSTANT_KEYS = new Set([
  'version',
  'default',
  'max',
  'interval',
  'requestsPerMinute',
  'pageSizeDefault',
  'pageSizeMax',
  'monthlyInvocations',
  'orgMonthlyInvocations',
  'dailyInvocations',
  'orgDailyInvocations',
  'dailyRuntime',
  'members',
  'price',
  'overage',
]);
const looksLikeConstant = (s: string) => /^[a-z]+[A-Z][A-Za-z0-9]*$/.test(s);

/** Every constant name a model file refers to: by key, in limits lists, in x-constants, and as %{name}. */
function constantReferences(doc: Json): { name: string; where: string }[] {
  const refs: { name: string; where: string }[] = [];
  walk(doc, (value, path) => {
    const key = path[path.length - 1];
    const parent = path[path.length - 2];
    const where = path.join('.');
    if (typeof value === 'string') {
      for (const m of value.matchAll(/%\{([A-Za-z0-9_]+)\}/g)) refs.push({ name: m[1]!, where });
      if (typeof key === 'string' && STRICT_CONSTANT_KEYS.has(key)) refs.push({ name: value, where });
      if (typeof key === 'string' && LOOSE_CONSTANT_KEYS.has(key) && looksLikeConstant(value))
        refs.push({ name: value, where });
      if (typeof key === 'number' && (parent === 'limits' || parent === 'constants')) refs.push({ name: value, where });
      if (path.includes('x-constants')) refs.push({ name: value, where });
    }
  });
  return refs;
}

const files = ['concepts.yaml', 'code-step-api.yaml', 'component-api.yaml', 'cli.yaml', 'sse.yaml', 'openapi.yaml'];
let constants: Constants;
const model: Record<string, Json> = {};

beforeAll(async () => {
  constants = await loadConstants();
  for (const f of files) model[f] = load(f);
});

describe('model/files', () => {
  it('has exactly the six model files, each valid YAML', () => {
    const present = readdirSync(modelDir)
      .filter((f) => f.endsWith('.yaml'))
      .sort();
    expect(present).toEqual([...files].sort());
    for (const f of files) expect(model[f], f).toBeTypeOf('object');
  });

  it('has no mapping key split off a flow-mapping value by a comma', () => {
    const bad: string[] = [];
    for (const f of files) {
      walk(model[f], (value, path) => {
        if (!value || typeof value !== 'object' || Array.isArray(value)) return;
        for (const k of Object.keys(value))
          if (/\s/.test(k) || /[.]$/.test(k)) bad.push(`${f}: ${[...path, k].join('.')}`);
      });
    }
    expect(bad).toEqual([]);
  });

  it('refers only to constants that docs.config.ts defines', () => {
    const unknown: string[] = [];
    for (const f of files) {
      for (const ref of constantReferences(model[f])) {
        if (!(ref.name in constants)) unknown.push(`${f}: ${ref.where} -> ${ref.name}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('never writes a limit, price or duration constant by value outside samples', () => {
    const valued = Object.entries(constants).filter(
      ([, v]) =>
        typeof v === 'string' &&
        /^\$?\d[\d.,]*\s?(KB|MB|GB|seconds?|minutes?|hours?|days?)?$/.test(v) &&
        !/^\d+$/.test(v),
    );
    const found: string[] = [];
    for (const f of files.filter((f) => f !== 'openapi.yaml')) {
      for (const { value, path } of strings(model[f])) {
        if (isSample(path)) continue;
        for (const [name, v] of valued) {
          if (new RegExp(`(^|[^\\w.])${String(v).replace(/[$.]/g, '\\$&')}(?![\\w])`).test(value))
            found.push(`${f}: ${path.join('.')} contains ${v} (use %{${name}})`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('uses only known id prefixes, each followed by exactly 12 characters', () => {
    const concepts = model['concepts.yaml'];
    const known = new Set<string>([...concepts.ids.prefixes, ...concepts.ids.other].map((p: Json) => p.prefix));
    const bad: string[] = [];
    for (const f of files) {
      for (const { value, path } of strings(model[f])) {
        for (const m of value.matchAll(/\b([a-z]+_)([A-Za-z0-9]+)\b/g)) {
          const [, prefix, rest] = m as unknown as [string, string, string];
          // Field names such as org_id share a prefix; ids always mix in digits or capitals.
          if (!known.has(prefix) || !/[A-Z0-9]/.test(rest)) continue;
          if (prefix === 'req_' ? !/^[a-f0-9]{12}$/.test(rest) : rest.length !== 12)
            bad.push(`${f}: ${path.join('.')}: ${m[0]}`);
        }
        for (const m of value.matchAll(/\b([a-z]{2,5}_)[A-Za-z0-9]{12}\b/g)) {
          if (!known.has(m[1]!)) bad.push(`${f}: ${path.join('.')}: unknown prefix in ${m[0]}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('writes the product name, slug and CLI name in prose only through constants', () => {
    const envVars = new Set(model['cli.yaml'].configuration.environment.map((v: Json) => v.name));
    const literalKeys = new Set(['binary', 'route', 'unix', 'windows', 'url']);
    const product = new RegExp(`${constants.productName}|${constants.productSlug}`, 'i');
    const bad: string[] = [];
    for (const f of files) {
      for (const { value, path } of strings(model[f])) {
        const key = path[path.length - 1];
        if (isSample(path) || (typeof key === 'string' && literalKeys.has(key)) || envVars.has(value)) continue;
        const prose = value.replace(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g, (name) => (envVars.has(name) ? '' : name));
        if (product.test(prose)) bad.push(`${f}: ${path.join('.')}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('names only the platform packages in samples', () => {
    const scope = `@${constants.productSlug}/`;
    const allowed = new Set([constants.platformPackage, constants.httpClientPackage, constants.cliNpmPackage]);
    const bad: string[] = [];
    for (const f of files) {
      for (const { value, path } of strings(model[f])) {
        for (const m of value.matchAll(new RegExp(`${scope.replace('/', '\\/')}[a-z0-9-]+`, 'g'))) {
          if (!allowed.has(m[0])) bad.push(`${f}: ${path.join('.')}: ${m[0]}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('uses only documented ctx members in code samples', () => {
    const members = new Set(model['code-step-api.yaml'].ctx.map((m: Json) => m.name.split('.').slice(0, 2).join('.')));
    const bad: string[] = [];
    for (const f of files) {
      for (const { value, path } of strings(model[f])) {
        if (!isSample(path)) continue;
        for (const m of value.matchAll(/\bctx\.([a-zA-Z]+)/g)) {
          if (!members.has(`ctx.${m[1]}`)) bad.push(`${f}: ${path.join('.')}: ctx.${m[1]}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('model/concepts', () => {
  const required = [
    'user',
    'apiKey',
    'organization',
    'membership',
    'invitation',
    'workflow',
    'step',
    'execution',
    'event',
    'eventSource',
    'component',
    'subscription',
    'webhook',
    'destination',
    'connectedAccount',
    'app',
    'environmentVariable',
    'workflowError',
  ];

  it('has the top-level sections', () => {
    for (const key of ['version', 'ids', 'concepts', 'errors', 'plans', 'limits', 'reservedEventNames']) {
      expect(model['concepts.yaml'], key).toHaveProperty(key);
    }
  });

  it('describes every concept with fields, examples and relations', () => {
    const concepts: Json[] = model['concepts.yaml'].concepts;
    expect(concepts.map((c) => c.key).sort()).toEqual([...required].sort());
    for (const c of concepts) {
      expect(c.name, c.key).toBeTruthy();
      expect(String(c.description).length, `${c.key}.description`).toBeGreaterThan(150);
      expect(c.fields.length, `${c.key}.fields`).toBeGreaterThan(2);
      for (const f of c.fields) {
        expect(f.name, c.key).toBeTruthy();
        expect(f.type, `${c.key}.${f.name}.type`).toBeTruthy();
        expect(f, `${c.key}.${f.name}.example`).toHaveProperty('example');
        if (f.type === 'enum') expect(f.values, `${c.key}.${f.name}.values`).toContain(f.example);
      }
      expect(c.relations?.length ?? 0, `${c.key}.relations`).toBeGreaterThan(0);
      for (const r of c.relations) expect(required, `${c.key} -> ${r.to}`).toContain(r.to);
    }
  });

  it('gives each concept with ids one unique prefix, used by its id examples', () => {
    const { concepts, ids } = model['concepts.yaml'];
    const byConcept = new Map<string, string>(ids.prefixes.map((p: Json) => [p.concept, p.prefix]));
    expect(new Set(ids.prefixes.map((p: Json) => p.prefix)).size).toBe(ids.prefixes.length);
    for (const c of concepts as Json[]) {
      if (c.idPrefix === null) continue;
      expect(byConcept.get(c.key), c.key).toBe(c.idPrefix);
      const idField = c.fields.find((f: Json) => f.name === 'id');
      expect(String(idField.example), `${c.key}.id`).toMatch(new RegExp(ids.pattern));
      expect(String(idField.example).startsWith(c.idPrefix), `${c.key}.id`).toBe(true);
      for (const f of c.fields.filter((f: Json) => f.ref)) {
        expect(String(f.example).startsWith(byConcept.get(f.ref)!), `${c.key}.${f.name} -> ${f.ref}`).toBe(true);
      }
    }
  });

  it("lists SPEC.md's error headings, in order, with a type and a fix", () => {
    const items: Json[] = model['concepts.yaml'].errors.items;
    expect(items.map((e) => e.heading)).toEqual([
      'Invocations Quota Exceeded',
      'Runtime Quota Exceeded',
      'Timeout',
      'Out of Memory',
      'Rate Limit Exceeded',
      'Request Entity Too Large',
      'Function Payload Limit Exceeded',
      'JSON Nested Property Limit Exceeded',
      'Event Queue Full',
      'This step was still running code when it ended',
    ]);
    for (const e of items) {
      expect(e.type, e.heading).toMatch(/^[a-z_]+$/);
      for (const k of ['cause', 'effect', 'fix']) expect(e[k], `${e.heading}.${k}`).toBeTruthy();
    }
  });

  it('links every limit to an error heading that exists', () => {
    const headings = new Set(model['concepts.yaml'].errors.items.map((e: Json) => e.heading));
    const all = [
      ...model['concepts.yaml'].limits.items,
      ...model['code-step-api.yaml'].limits,
      ...model['component-api.yaml'].limits,
    ];
    for (const l of all) if (l.error) expect(headings.has(l.error), `${l.constant}: ${l.error}`).toBe(true);
  });

  it('agrees with the REST API on workflow error types and HTTP error types', () => {
    const concepts = model['concepts.yaml'];
    const wfErr = concepts.concepts.find((c: Json) => c.key === 'workflowError');
    const typeField = wfErr.fields.find((f: Json) => f.name === 'type');
    const executionErrors = concepts.errors.items.filter((e: Json) => e.where === 'execution').map((e: Json) => e.type);
    expect([...typeField.values].sort()).toEqual(['step_error', ...executionErrors].sort());
    const schemas = model['openapi.yaml'].components.schemas;
    expect(schemas.WorkflowError.properties.error.properties.type.enum).toEqual(typeField.values);
    const apiTypes: string[] = schemas.Error.properties.error.properties.type.enum;
    for (const t of concepts.errors.items.filter((e: Json) => e.where === 'http').map((e: Json) => e.type))
      expect(apiTypes).toContain(t);
  });

  it('uses the hook order of the component API for source lifecycles', () => {
    const source = model['concepts.yaml'].concepts.find((c: Json) => c.key === 'eventSource');
    const order = model['component-api.yaml'].hooks.order;
    for (const step of source.lifecycle) expect(step.hooks, step.action).toEqual(order[step.action]);
  });

  it('gives every app a code slug and a docs route that exists', () => {
    const apps = model['concepts.yaml'].concepts.find((c: Json) => c.key === 'app').apps;
    const config = readFileSync(join(root, 'docs.config.ts'), 'utf8');
    for (const a of apps) {
      expect(a.slug).toMatch(/^[a-z][a-z0-9_]*$/);
      if (a.route) {
        expect(a.route).toBe(`/apps/${a.slug.replace(/_/g, '-')}/`);
        expect(config.includes(`'${a.route}'`), a.route).toBe(true);
      }
      if (a.authType === 'oauth') expect(a.fields).toContain('oauthAccessToken');
    }
  });
});

describe('model/code-step-api', () => {
  const requiredMembers = [
    'ctx.end',
    'ctx.respond',
    'ctx.send.http',
    'ctx.send.email',
    'ctx.send.s3',
    'ctx.send.sql',
    'ctx.send.sse',
    'ctx.send.emit',
    'ctx.state.get',
    'ctx.state.set',
    'ctx.state.delete',
    'ctx.export',
    'ctx.flow.delay',
    'ctx.auths',
    'ctx.workflow',
    'ctx.execution',
    'ctx.tmpdir',
    'ctx.log',
  ];

  it('has the top-level sections', () => {
    for (const key of [
      'package',
      'runtime',
      'shape',
      'defineStep',
      'runArguments',
      'ctx',
      'results',
      'async',
      'environmentVariables',
      'limits',
      'legacy',
      'httpClient',
    ]) {
      expect(model['code-step-api.yaml'], key).toHaveProperty(key);
    }
    expect(model['code-step-api.yaml'].package).toBe('platformPackage');
    expect(model['code-step-api.yaml'].runtime.version).toBe('nodeVersion');
  });

  it('shows the step shape with defineStep and run({ event, steps, ctx })', () => {
    const { shape, runArguments } = model['code-step-api.yaml'];
    expect(shape.code).toContain(`from "${constants.platformPackage}"`);
    expect(shape.code).toContain('defineStep(');
    expect(shape.code).toContain('async run({ event, steps, ctx })');
    expect(runArguments.map((a: Json) => a.name)).toEqual(['event', 'steps', 'ctx']);
  });

  it('documents every required ctx member with a signature, description and example', () => {
    const ctx: Json[] = model['code-step-api.yaml'].ctx;
    const names = ctx.map((m) => m.name);
    for (const r of requiredMembers) expect(names, r).toContain(r);
    expect(new Set(names).size).toBe(names.length);
    for (const m of ctx) {
      expect(m.signature, m.name).toContain(m.name.replace(/\.<.*$/, ''));
      expect(String(m.description).length, m.name).toBeGreaterThan(40);
      expect(m.example, m.name).toBeTruthy();
    }
  });

  it('maps every removed $ variable to a documented replacement', () => {
    const { legacy, ctx } = model['code-step-api.yaml'];
    const members: Json[] = ctx;
    const legacyNames = legacy.mappings.map((m: Json) => m.legacy);
    for (const n of ['$event', '$context', '$end', '$respond', '$checkpoint', '$auths'])
      expect(legacyNames).toContain(n);
    for (const d of ['http', 'email', 's3', 'sql', 'sse', 'emit']) expect(legacyNames).toContain(`$send.${d}`);
    const documented = (name: string) =>
      name === 'event' || members.some((m) => m.name === name || m.name.startsWith(`${name}.`));
    for (const m of legacy.mappings) {
      for (const r of String(m.replacement).split(', ')) expect(documented(r), `${m.legacy} -> ${r}`).toBe(true);
    }
    for (const f of legacy.contextFields) {
      const [, member, field] = f.replacement.match(/^(ctx\.[a-z]+)\.([a-zA-Z]+)$/) ?? [];
      const m = members.find((x) => x.name === member);
      expect(m, f.replacement).toBeTruthy();
      expect(m.signature, f.replacement).toMatch(new RegExp(`\\b${field}\\b`));
    }
    expect(legacy.after).toContain('defineStep(');
    expect(legacy.before).not.toContain('defineStep(');
  });

  it('describes the HTTP client package with its call signature and additions', () => {
    const { httpClient } = model['code-step-api.yaml'];
    expect(httpClient.package).toBe('httpClientPackage');
    expect(httpClient.signature).toMatch(/^axios\(ctx, config\)/);
    expect(httpClient.route).toBe(`/${constants.productSlug}-axios/`);
    expect(httpClient.additions.map((a: Json) => a.name)).toEqual([
      'Debug export',
      'Secret redaction',
      'Errors with the response body',
    ]);
    expect(httpClient.example).toContain(`from "${constants.httpClientPackage}"`);
    expect(httpClient.example).toContain('axios(ctx, {');
  });

  it('names the limits the brief requires', () => {
    const names = model['code-step-api.yaml'].limits.map((l: Json) => l.constant);
    for (const n of ['memoryDefault', 'memoryMax', 'payloadSizeLimit', 'functionPayloadLimit', 'nodeVersion'])
      expect(names).toContain(n);
  });
});

describe('model/component-api', () => {
  it('has the top-level sections', () => {
    for (const key of [
      'defineSource',
      'defineAction',
      'fields',
      'propTypes',
      'propFields',
      'hooks',
      'emit',
      'dedupe',
      'db',
      'http',
      'configuredProps',
      'actions',
      'examples',
      'guidelines',
      'legacyFormat',
      'limits',
    ]) {
      expect(model['component-api.yaml'], key).toHaveProperty(key);
    }
  });

  it('declares the definition fields, prop types and prop fields', () => {
    const api = model['component-api.yaml'];
    expect(api.fields.map((f: Json) => f.name)).toEqual([
      'key',
      'name',
      'version',
      'description',
      'type',
      'props',
      'methods',
      'hooks',
      'dedupe',
      'run',
    ]);
    const types = api.propTypes.items.map((t: Json) => t.type);
    expect(types).toEqual([
      'string',
      'string[]',
      'integer',
      'integer[]',
      'boolean',
      'object',
      'app',
      'http',
      'timer',
      'db',
    ]);
    const fieldNames = new Set(api.propFields.map((f: Json) => f.name));
    for (const f of ['label', 'description', 'optional', 'default', 'options', 'secret', 'min', 'max'])
      expect(fieldNames).toContain(f);
    for (const t of api.propTypes.items)
      for (const f of t.fields) expect(fieldNames.has(f), `${t.type}.${f}`).toBe(true);
    expect(model['openapi.yaml'].components.schemas.ComponentProp.properties.type.enum).toEqual(types);
  });

  it('defines hooks, emit, the three dedupe strategies, db and http.respond', () => {
    const api = model['component-api.yaml'];
    expect(api.hooks.items.map((h: Json) => h.name)).toEqual(['deploy', 'activate', 'deactivate']);
    expect(api.emit.signature).toMatch(/^this\.emit\(payload.*id.*summary.*ts/);
    expect(api.dedupe.strategies.map((s: Json) => s.name)).toEqual(['unique', 'greatest', 'last']);
    for (const s of api.dedupe.strategies) expect(s.keeps && s.emits, s.name).toBeTruthy();
    expect(api.db.signature.get).toMatch(/^this\.db\.get\(/);
    expect(api.db.signature.set).toMatch(/^this\.db\.set\(/);
    expect(api.http.signature).toMatch(/^this\.http\.respond\(/);
    expect(api.configuredProps.limit).toBe('configuredPropsSizeLimit');
  });

  it('keeps its examples consistent with the declared API', () => {
    const api = model['component-api.yaml'];
    const types = new Set(api.propTypes.items.map((t: Json) => t.type));
    const strategies = new Set(api.dedupe.strategies.map((s: Json) => s.name));
    const keyPattern = new RegExp(api.fields.find((f: Json) => f.name === 'key').pattern);
    const samples = [...api.examples.map((e: Json) => e.code), api.actions.example, api.legacyFormat.after];
    for (const code of samples) {
      expect(code).toContain(`from "${constants.platformPackage}"`);
      const helper = code.includes('defineSource(') ? 'source' : 'action';
      expect(code).toContain(`type: "${helper}"`);
      expect(code.match(/key: "([^"]+)"/)?.[1]).toMatch(keyPattern);
      for (const m of code.matchAll(/\btype: "([a-z]+(?:\[\])?)"/g)) {
        if (m[1] !== 'source' && m[1] !== 'action') expect(types.has(m[1]), m[1]).toBe(true);
      }
      const dedupe = code.match(/dedupe: "([a-z]+)"/)?.[1];
      if (dedupe) expect(strategies.has(dedupe), dedupe).toBe(true);
    }
  });
});

describe('model/cli', () => {
  const requiredCommands = [
    'login',
    'logout',
    'signup',
    'whoami',
    'init',
    'deploy',
    'update',
    'delete',
    'list',
    'describe',
    'events',
    'logs',
    'pause',
    'resume',
    'export',
    'dev',
    'publish',
    'help',
    'version',
  ];

  it('names the binary after the cliName constant', () => {
    const cli = model['cli.yaml'];
    expect(cli.binaryConstant).toBe('cliName');
    expect(cli.binary).toBe(constants.cliName);
  });

  it('has every required command, with usage, description and examples', () => {
    const cli = model['cli.yaml'];
    const names: string[] = cli.commands.map((c: Json) => c.name);
    for (const r of requiredCommands) expect(names, r).toContain(r);
    expect(names.some((n) => n.startsWith('config '))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    for (const c of cli.commands) {
      expect(c.usage, c.name).toMatch(new RegExp(`^${cli.binary} ${c.name}( |$)`));
      expect(String(c.description).length, c.name).toBeGreaterThan(20);
      expect(Array.isArray(c.flags), c.name).toBe(true);
      expect(c.examples.length, c.name).toBeGreaterThan(0);
      for (const e of c.examples) expect(e, c.name).toContain(`${cli.binary} ${c.name}`);
    }
  });

  it('declares well-formed flags and uses only declared flags in examples', () => {
    const cli = model['cli.yaml'];
    const global: Json[] = cli.globalFlags;
    for (const g of ['--help', '--profile', '--org', '--json']) expect(global.map((f) => f.name)).toContain(g);
    const all = cli.commands.flatMap((c: Json) => c.flags.map((f: Json) => f.name));
    expect(all).toContain('--limit');
    expect(all).toContain('--follow');
    for (const c of cli.commands) {
      const flags: Json[] = [...global, ...c.flags];
      const names = flags.map((f) => f.name);
      const aliases = flags.filter((f) => f.alias).map((f) => f.alias);
      expect(new Set(names).size, c.name).toBe(names.length);
      expect(new Set(aliases).size, c.name).toBe(aliases.length);
      for (const f of flags) {
        expect(f.name, c.name).toMatch(/^--[a-z][a-z-]*$/);
        if (f.alias) expect(f.alias, c.name).toMatch(/^-[a-zA-Z]$/);
        expect(f.description, `${c.name} ${f.name}`).toBeTruthy();
      }
      for (const e of c.examples) {
        for (const m of String(e).matchAll(/\s(--?[a-zA-Z][a-z-]*)/g)) {
          expect(names.includes(m[1]!) || aliases.includes(m[1]!), `${c.name}: ${m[1]} in "${e}"`).toBe(true);
        }
      }
    }
  });

  it('installs on macOS, Linux, Windows and through npm from the configured URLs', () => {
    const { install, configuration } = model['cli.yaml'];
    const commands = install.targets.flatMap((t: Json) => t.commands).join('\n');
    expect(install.targets.map((t: Json) => t.platform)).toEqual(
      expect.arrayContaining(['macOS', 'Linux', 'Windows', 'any']),
    );
    expect(commands).toContain(`brew install ${constants.cliName}-cli`);
    expect(commands).toContain(`npm install -g ${constants.cliNpmPackage}`);
    expect(commands).toContain(String(constants.cliInstallScriptUrl));
    expect(commands).toContain(String(constants.cliDownloadsUrl));
    expect(commands).toContain('scoop install');
    for (const v of configuration.environment) {
      if (v.name !== 'NO_COLOR')
        expect(v.name.startsWith(`${String(constants.cliName).toUpperCase()}_`), v.name).toBe(true);
    }
  });
});

describe('model/sse', () => {
  it('builds stream URLs on sseBaseUrl with bearer auth and Last-Event-ID', () => {
    const sse = model['sse.yaml'];
    expect(sse.baseUrl).toBe('sseBaseUrl');
    expect(sse.streams.map((s: Json) => s.path)).toContain('/v1/sources/{source_id}/sse');
    for (const s of sse.streams) expect(s.url).toBe(`%{sseBaseUrl}${s.path}`);
    expect(sse.request.example).toContain(`${constants.sseBaseUrl}/v1/sources/`);
    expect(sse.auth.scheme).toBe('bearer');
    expect(sse.parameters.map((p: Json) => p.name)).toContain('Last-Event-ID');
    expect(sse.messages.heartbeat.interval).toBe('sseHeartbeatInterval');
    for (const k of ['messages', 'reconnection', 'limits']) expect(sse).toHaveProperty(k);
  });

  it("sends events whose data is the REST API's Event object", async () => {
    const sse = model['sse.yaml'];
    const lines: string[] = sse.messages.event.example.trim().split('\n');
    const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))!.slice(name.length + 2);
    const data = JSON.parse(field('data'));
    expect(field('id')).toBe(data.id);
    expect(field('event')).toBe(data.name);
    const api: Json = await SwaggerParser.dereference(structuredClone(model['openapi.yaml']));
    const validate = makeAjv().compile(api.components.schemas.Event);
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
  });
});

function makeAjv() {
  // strictRequired is off because `oneOf: [{ required: [a] }, { required: [b] }]` (exactly one of
  // a or b) is the idiom for alternatives; a misspelt required name still fails every example.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  // Keywords OpenAPI 3.1 adds to JSON Schema 2020-12.
  ajv.addVocabulary(['discriminator', 'xml', 'externalDocs', 'example']);
  return ajv;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'] as const;

describe('model/openapi', () => {
  let api: Json; // dereferenced
  const operations = (doc: Json, section: 'paths' | 'webhooks' = 'paths') =>
    Object.entries(doc[section] ?? {}).flatMap(([path, item]: [string, Json]) =>
      METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method], item })),
    );

  beforeAll(async () => {
    api = await SwaggerParser.dereference(structuredClone(model['openapi.yaml']));
  });

  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    expect(model['openapi.yaml'].openapi).toMatch(/^3\.1\.\d+$/);
    await expect(SwaggerParser.validate(structuredClone(model['openapi.yaml']))).resolves.toBeTruthy();
  });

  it('has schemas that compile as JSON Schema 2020-12 in strict mode', () => {
    // swagger-parser checks the document's structure and $refs, but under 3.1 it does not check
    // keyword values inside schemas (type: bool passes), so every schema is compiled here too.
    const ajv = makeAjv();
    for (const [name, schema] of Object.entries(api.components.schemas)) {
      expect(() => ajv.compile(schema as Json), name).not.toThrow();
    }
  });

  it('serves from the apiBaseUrl constant', () => {
    expect(model['openapi.yaml'].servers.map((s: Json) => s.url)).toEqual([constants.apiBaseUrl]);
  });

  it('covers the endpoints the documentation describes', () => {
    const have = new Set(operations(model['openapi.yaml']).map((o) => `${o.method.toUpperCase()} ${o.path}`));
    const want = [
      'POST /sources',
      'GET /sources/{source_id}',
      'PATCH /sources/{source_id}',
      'DELETE /sources/{source_id}',
      'GET /sources/{source_id}/events',
      'DELETE /sources/{source_id}/events',
      'POST /subscriptions',
      'DELETE /subscriptions/{subscription_id}',
      'POST /webhooks',
      'DELETE /webhooks/{webhook_id}',
      'GET /users/me/webhooks',
      'GET /workflows/{workflow_id}/event_summaries',
      'GET /workflows/{workflow_id}/errors',
      'GET /users/me',
      'GET /users/me/subscriptions',
      'GET /orgs/{org_id}/sources',
      'GET /orgs/{org_id}/subscriptions',
      'POST /components',
      'GET /components/{component}',
      'GET /components/search',
      // The workflow API: list, get, pause, resume, delete, export, deploy (and create from an export).
      'GET /users/me/workflows',
      'GET /orgs/{org_id}/workflows',
      'GET /workflows/{workflow_id}',
      'DELETE /workflows/{workflow_id}',
      'POST /workflows/{workflow_id}/pause',
      'POST /workflows/{workflow_id}/resume',
      'GET /workflows/{workflow_id}/export',
      'POST /workflows/{workflow_id}/deploy',
      'POST /workflows',
      'GET /workflows/{workflow_id}/logs',
      // Every list of /users/me/... exists for /orgs/{org_id}/... too.
      'GET /orgs/{org_id}/webhooks',
      'GET /users/me/accounts',
      'GET /orgs/{org_id}/accounts',
      'GET /users/me/components',
      'GET /orgs/{org_id}/components',
    ];
    for (const w of want) expect(have.has(w), w).toBe(true);
  });

  it('has the shared schemas, error responses and bearer security', () => {
    const c = model['openapi.yaml'].components;
    for (const s of [
      'Source',
      'Event',
      'Subscription',
      'Webhook',
      'WorkflowError',
      'User',
      'Org',
      'Component',
      'PageInfo',
      'Error',
    ])
      expect(c.schemas, s).toHaveProperty(s);
    expect(c.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(model['openapi.yaml'].security).toEqual([{ apiKey: [] }]);
    const statuses: Record<string, string> = {
      BadRequest: 'invalid_request',
      Unauthorized: 'authentication_failed',
      Forbidden: 'permission_denied',
      NotFound: 'not_found',
      Conflict: 'conflict',
      PayloadTooLarge: 'request_entity_too_large',
      TooManyRequests: 'rate_limit_exceeded',
    };
    const validate = makeAjv().compile(api.components.schemas.Error);
    for (const [name, type] of Object.entries(statuses)) {
      const example = api.components.responses[name].content['application/json'].example;
      expect(validate(example), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(example.error.type, name).toBe(type);
    }
    expect(model['openapi.yaml'].info['x-rate-limits'].requestsPerMinute).toBe('apiRequestsPerMinute');
  });

  it('ties literal schema numbers to their constants', () => {
    const limit = model['openapi.yaml'].components.parameters.Limit;
    expect(limit.schema.maximum).toBe(constants[limit['x-constants'].maximum]);
    expect(limit.schema.default).toBe(constants[limit['x-constants'].default]);
  });

  it('gives every operation an id, summary, description, tags and described parameters', () => {
    const ids = new Set<string>();
    const tags = new Set(model['openapi.yaml'].tags.map((t: Json) => t.name));
    for (const { path, method, op, item } of [...operations(api), ...operations(api, 'webhooks')]) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(op.operationId), `duplicate ${op.operationId}`).toBe(false);
      ids.add(op.operationId);
      expect(op.summary, where).toBeTruthy();
      expect(op.description, where).toBeTruthy();
      expect(op.tags?.length, where).toBeGreaterThan(0);
      for (const t of op.tags) expect(tags.has(t), `${where}: tag ${t}`).toBe(true);
      for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])])
        expect(p.description, `${where}: ${p.name}`).toBeTruthy();
    }
  });

  it('answers every operation with the common errors it can hit', () => {
    for (const { path, method, op, item } of operations(model['openapi.yaml'])) {
      const where = `${method.toUpperCase()} ${path}`;
      const codes = Object.keys(op.responses);
      expect(codes, where).toEqual(expect.arrayContaining(['401', '429']));
      if (path.includes('{')) expect(codes, where).toContain('404');
      if (
        op.requestBody ||
        [...(item.parameters ?? []), ...(op.parameters ?? [])].some((p: Json) => p.$ref?.endsWith('/Limit'))
      )
        expect(codes, where).toContain('400');
      for (const code of codes.filter((c) => !c.startsWith('2'))) {
        expect(op.responses[code].$ref, `${where} ${code}`).toMatch(/^#\/components\/responses\//);
      }
    }
  });

  it('paginates every list the same way', () => {
    for (const { path, method, op, item } of operations(model['openapi.yaml'])) {
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => p.$ref ?? p.name);
      if (!params.some((p: string) => p.endsWith('/Limit'))) continue;
      const where = `${method.toUpperCase()} ${path}`;
      for (const p of ['After', 'Before']) expect(params, where).toContain(`#/components/parameters/${p}`);
      const ref = op.responses['200'].content['application/json'].schema.$ref;
      const schema = model['openapi.yaml'].components.schemas[ref.split('/').pop()];
      expect(schema.properties.page_info.$ref, where).toBe('#/components/schemas/PageInfo');
      expect(schema.required, where).toEqual(['data', 'page_info']);
    }
  });

  it('validates every success example and request example against its schema', () => {
    const ajv = makeAjv();
    let checked = 0;
    for (const { path, method, op } of [...operations(api), ...operations(api, 'webhooks')]) {
      const where = `${method.toUpperCase()} ${path}`;
      const success = Object.entries(op.responses).filter(([code]) => code.startsWith('2'));
      expect(success.length, where).toBeGreaterThan(0);
      for (const [code, res] of success as [string, Json][]) {
        const media = res.content?.['application/json'];
        if (!media && section(path) === 'webhooks') continue;
        expect(media?.example, `${where} ${code}: success example`).toBeDefined();
        const validate = ajv.compile(media.schema);
        expect(validate(media.example), `${where} ${code}: ${JSON.stringify(validate.errors)}`).toBe(true);
        checked++;
      }
      const body = op.requestBody?.content?.['application/json'];
      if (op.requestBody) {
        expect(body?.example, `${where}: request example`).toBeDefined();
        const validate = ajv.compile(body.schema);
        expect(validate(body.example), `${where} request: ${JSON.stringify(validate.errors)}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);

    function section(path: string) {
      return path in (api.webhooks ?? {}) ? 'webhooks' : 'paths';
    }
  });

  it('rejects an example that loses a required field (the checks can fail)', () => {
    const ajv = makeAjv();
    let mutated = 0;
    for (const { path, method, op } of operations(api)) {
      for (const [code, res] of Object.entries(op.responses).filter(([c]) => c.startsWith('2')) as [string, Json][]) {
        const media = res.content['application/json'];
        const required: string[] = media.schema.required ?? [];
        if (!required.length) continue;
        const broken = structuredClone(media.example);
        delete broken[required[0]!];
        expect(
          ajv.compile(media.schema)(broken),
          `${method.toUpperCase()} ${path} ${code} without ${required[0]}`,
        ).toBe(false);
        mutated++;
      }
    }
    expect(mutated).toBeGreaterThan(10);
    // A wrong id prefix is caught too.
    const source = structuredClone(
      api.paths['/sources/{source_id}'].get.responses['200'].content['application/json'].example,
    );
    source.id = 'wf_9Pq4Lx2Nv7Bs';
    expect(ajv.compile(api.components.schemas.Source)(source)).toBe(false);
  });
});
