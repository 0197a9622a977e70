/**
 * The first month's questions (issue 42): the error catalogue, example events, idempotency, executions,
 * webhook verification in other languages and the commands the pages teach agree with the reference model,
 * and the samples a reader copies do what the page says.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import config from '../../docs.config.js';
import { codeBlocks, hasContent, readModel, readPages } from './pages.js';

type Json = any;
const concepts = readModel<Json>('concepts.yaml');
const openapi = readModel<Json>('openapi.yaml');
const cli = readModel<Json>('cli.yaml');
const constants = config.constants as Record<string, string | number>;
const pages = hasContent ? readPages() : [];
const page = (file: string) => pages.find((p) => p.file === file)!;
const resolve = (text: string) => text.replace(/%\{(\w+)\}/g, (_, name: string) => String(constants[name]));

const dir = mkdtempSync(path.join(os.tmpdir(), 'first-month-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('model/errorCatalogue: one list of every error type', () => {
  const catalogue: Json[] = concepts.errorCatalogue.items;
  const types = new Set(catalogue.map((e) => e.type));

  it('has every type the other model files name, once', () => {
    const named = [
      ...openapi.components.schemas.Error.properties.error.properties.type.enum,
      ...openapi.components.schemas.WorkflowError.properties.error.properties.type.enum,
      ...concepts.errors.items.map((e: Json) => e.type),
      ...concepts.sqlQuery.errors.map((e: Json) => e.type),
      ...concepts.concepts
        .find((c: Json) => c.key === 'step')
        .kinds.find((k: Json) => k.kind === 'trigger')
        .types.flatMap((t: Json) => t.errors ?? [])
        .flatMap((e: Json) => String(e.type).split(/,\s*|\s+or\s+/)),
    ];
    expect([...new Set(named)].filter((t) => !types.has(t))).toEqual([]);
    expect(types.size).toBe(catalogue.length);
  });

  it('gives each type a status, a retry verdict from the list, a meaning and an action', () => {
    for (const e of catalogue) {
      expect(e.status === null || (Number.isInteger(e.status) && e.status >= 400 && e.status < 600), e.type).toBe(true);
      expect(concepts.errorCatalogue.retryValues, e.type).toContain(e.retry);
      expect(String(e.meaning).length, e.type).toBeGreaterThan(20);
      expect(String(e.action).length, e.type).toBeGreaterThan(10);
    }
  });

  it('agrees with the HTTP statuses the model gives elsewhere', () => {
    const status = new Map(catalogue.map((e) => [e.type, e.status]));
    for (const e of concepts.sqlQuery.errors) expect(status.get(e.type), e.type).toBe(e.status);
    for (const [name, res] of Object.entries(openapi.components.responses) as [string, Json][]) {
      const type = res.content['application/json'].example.error.type;
      const code = Object.entries(openapi.paths)
        .flatMap(([, item]: [string, Json]) => Object.values(item))
        .flatMap((op: Json) => Object.entries(op?.responses ?? {}))
        .find(([, r]: [string, Json]) => r.$ref === `#/components/responses/${name}`)?.[0];
      if (code) expect(status.get(type), `${name} (${type})`).toBe(Number(code));
    }
  });

  it.skipIf(!hasContent)('lists every type on the catalogue page with its status', () => {
    const rows = page('error-catalogue.md')
      .body.split('\n')
      .filter((l) => l.startsWith('| '));
    for (const e of catalogue) {
      const row = rows.find((r) => r.includes(`\`${e.type}\``));
      expect(row, e.type).toBeDefined();
      expect(row!.split('|')[1]!.trim(), e.type).toBe(
        e.status === null ? (e.where.includes('step') ? 'warning' : 'none') : `\`${e.status}\``,
      );
    }
  });
});

describe('model/triggerPayloads: an example event for every trigger', () => {
  const items: Json[] = concepts.triggerPayloads.items;
  const keys = new Set(items.map((i) => i.key));

  it('covers every app trigger, the built-in sources, the workflow trigger types and the reserved events', () => {
    const apps: Json[] = concepts.concepts.find((c: Json) => c.key === 'app').apps;
    const wanted = [
      ...apps.flatMap((a) => (a.triggers ?? []).map((t: Json) => t.key)),
      ...concepts.concepts
        .find((c: Json) => c.key === 'eventSource')
        .builtIn.map((b: Json) => b.key)
        .filter((k: string) => /^[a-z-]+$/.test(k)),
      ...concepts.concepts
        .find((c: Json) => c.key === 'step')
        .kinds.find((k: Json) => k.kind === 'trigger')
        .types.map((t: Json) => t.type)
        .filter((t: string) => t !== 'app'),
      '$errors',
      '$logs',
    ];
    expect(wanted.filter((k) => !keys.has(k))).toEqual([]);
    expect(keys.size).toBe(items.length);
  });

  it('gives the $errors example exactly the fields of a workflow error', () => {
    const fields = concepts.concepts.find((c: Json) => c.key === 'workflowError').fields.map((f: Json) => f.name);
    expect(Object.keys(items.find((i) => i.key === '$errors').example).sort()).toEqual([...fields].sort());
  });

  it('gives the HTTP, email and schedule examples the fields of their event shapes', () => {
    const shapes = concepts.concepts.find((c: Json) => c.key === 'event').payloads;
    const names = (shape: string) => shapes[shape].fields.map((f: Json) => f.name);
    expect(Object.keys(items.find((i) => i.key === 'http').example).sort()).toEqual(names('httpEvent').sort());
    expect(Object.keys(items.find((i) => i.key === 'email').example).sort()).toEqual(names('emailEvent').sort());
    for (const key of ['schedule', 'schedule-interval'])
      for (const field of Object.keys(items.find((i) => i.key === key).example))
        expect(names('scheduleEvent'), key).toContain(field);
  });

  it.skipIf(!hasContent)('shows every example on the payloads page, as the model has it', () => {
    const body = page('workflows/events/payloads.md').body;
    const blocks = codeBlocks(page('workflows/events/payloads.md'));
    for (const item of items) {
      const at = body.indexOf(`Key \`${item.key}\`.`);
      expect(at, item.key).toBeGreaterThan(0);
      const line = page('workflows/events/payloads.md').bodyLine + body.slice(0, at).split('\n').length - 1;
      const block = blocks.find((b) => b.lang === 'json' && b.line > line);
      expect(JSON.parse(resolve(block!.code)), item.key).toEqual(item.example);
    }
  });
});

describe('model/openapi: executions, idempotency and webhooks', () => {
  const operations = Object.entries(openapi.paths as Record<string, Json>).flatMap(([p, item]) =>
    ['get', 'post', 'patch', 'delete'].filter((m) => item[m]).map((m) => ({ path: p, method: m, op: item[m] })),
  );

  it('accepts an Idempotency-Key on every POST that creates or queues something, and answers a reused key with 422', () => {
    for (const { path: p, op } of operations.filter((o) => o.method === 'post')) {
      if (!Object.keys(op.responses).some((c) => c === '201' || c === '202') && !/deploy|rotate/.test(p)) continue;
      const params = (op.parameters ?? []).map((x: Json) => x.$ref);
      expect(params, p).toContain('#/components/parameters/IdempotencyKey');
      expect(op.responses['422']?.$ref, p).toBe('#/components/responses/IdempotencyKeyReused');
    }
  });

  it("describes executions with the concept's states, causes and attempts", () => {
    const execution = concepts.concepts.find((c: Json) => c.key === 'execution');
    const field = (name: string) => execution.fields.find((f: Json) => f.name === name);
    const schema = openapi.components.schemas.Execution.properties;
    expect(schema.status.enum).toEqual(field('status').values);
    expect(schema.cause.enum).toEqual(field('cause').values);
    expect(schema.attempt.minimum).toBe(1);
    const listStatus = openapi.paths['/workflows/{workflow_id}/executions'].get.parameters.find(
      (x: Json) => x.name === 'status',
    );
    expect(listStatus.schema.enum).toEqual(field('status').values);
  });

  it('keeps the secret format of webhooks for rotated secrets', () => {
    const { Webhook, WebhookSecret } = openapi.components.schemas;
    expect(WebhookSecret.properties.signing_secret.pattern).toBe(Webhook.properties.signing_secret.pattern);
  });
});

describe.skipIf(!hasContent)('docs/cli: the reference documents every command of the model', () => {
  it('has a section for each command, with its usage line', () => {
    // The reference is split by command group: its overview and one page a group.
    const reference = ['reference', 'account', 'sources', 'workflows'].map((p) => page(`cli/${p}.md`).body).join('\n');
    for (const command of cli.commands as Json[]) {
      expect(reference, command.name).toMatch(new RegExp(`^### ${command.name}$`, 'm'));
      expect(reference, command.name).toContain(command.usage);
    }
  });
});

/** The signature a delivery carries, made the way the model describes it. */
function sign(secret: string, timestamp: number, body: string): string {
  return `v1=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

describe.skipIf(!hasContent)('docs/webhooks: the verification samples accept real deliveries and nothing else', () => {
  const body = '{"id":"evt_2Fr6Yb9Cd4Ue","name":"$test","payload":{}}';
  const oldSecret = 'whs_9Tb4Kx7Qm2Lp5Vn8Rd3Hz6Wc1Fy0Gs4J';
  const newSecret = 'whs_3Mc8Rv1Tq6Kx9Bn4Lz7Wd2Hp5Gy0Fs8J';
  const tolerance = Number(constants.webhookTimestampToleranceSeconds);
  const now = () => Math.floor(Date.now() / 1000);
  /** [description, secrets the receiver has, headers, body, expected] */
  const cases = (): [string, string, Record<string, string>, string, boolean][] => {
    const ts = now();
    return [
      ['a fresh delivery', oldSecret, { ts: String(ts), sig: sign(oldSecret, ts, body) }, body, true],
      ['a retry signed again hours later', oldSecret, { ts: String(ts), sig: sign(oldSecret, ts, body) }, body, true],
      [
        'a rotation: new and old signatures, receiver with the old secret',
        oldSecret,
        { ts: String(ts), sig: `${sign(newSecret, ts, body)} ${sign(oldSecret, ts, body)}` },
        body,
        true,
      ],
      [
        'a rotation: receiver with both secrets, new signature only',
        `${newSecret},${oldSecret}`,
        { ts: String(ts), sig: sign(newSecret, ts, body) },
        body,
        true,
      ],
      [
        'a changed body',
        oldSecret,
        { ts: String(ts), sig: sign(oldSecret, ts, body) },
        body.replace('test', 'tess'),
        false,
      ],
      ['another secret', oldSecret, { ts: String(ts), sig: sign(newSecret, ts, body) }, body, false],
      [
        'a stale timestamp',
        oldSecret,
        { ts: String(ts - tolerance - 5), sig: sign(oldSecret, ts - tolerance - 5, body) },
        body,
        false,
      ],
    ];
  };

  it('Node.js: isValid of the receiver', () => {
    const block = codeBlocks(page('api/rest/webhooks.md')).find((b) => b.code.includes('function isValid'))!;
    const source = resolve(block.code);
    const fn = /function isValid[\s\S]*?\n}\n/.exec(source)![0];
    const tol = /const toleranceSeconds = (\d+);/.exec(source)![1];
    for (const [what, secrets, h, b, expected] of cases()) {
      // eslint-disable-next-line no-new-func
      const isValid = new Function('crypto', 'secrets', 'toleranceSeconds', `${fn}\nreturn isValid;`)(
        crypto,
        secrets.split(','),
        Number(tol),
      );
      expect(isValid({ 'webhook-timestamp': h.ts, 'webhook-signature': h.sig }, Buffer.from(b)), what).toBe(expected);
    }
  });

  const python = spawnSync('python3', ['--version']).status === 0;
  it.skipIf(!python)('Python: is_valid of the receiver', () => {
    const block = codeBlocks(page('api/rest/webhooks.md')).find((b) => b.lang === 'python')!;
    writeFileSync(path.join(dir, 'receiver.py'), resolve(block.code));
    // A stand-in for Flask, so the sample runs with the standard library alone.
    writeFileSync(
      path.join(dir, 'flask.py'),
      'class Flask:\n    def __init__(self, name): pass\n    def post(self, path):\n        return lambda f: f\nrequest = None\n',
    );
    const all = cases();
    const result = spawnSync(
      'python3',
      [
        '-c',
        'import os, sys, json, importlib\n' +
          'sys.path.insert(0, sys.argv[1])\n' +
          'for secrets, headers, body in json.loads(sys.argv[2]):\n' +
          '    os.environ["WEBHOOK_SIGNING_SECRET"] = secrets\n' +
          '    sys.modules.pop("receiver", None)\n' +
          '    receiver = importlib.import_module("receiver")\n' +
          '    print(receiver.is_valid(headers, body.encode()))\n',
        dir,
        JSON.stringify(
          all.map(([, secrets, h, b]) => [secrets, { 'Webhook-Timestamp': h.ts, 'Webhook-Signature': h.sig }, b]),
        ),
      ],
      { encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    const verdicts = result.stdout.trim().split('\n');
    all.forEach(([what, , , , expected], i) => expect(verdicts[i], what).toBe(expected ? 'True' : 'False'));
  });
});
