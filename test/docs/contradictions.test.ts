/**
 * Classes of fact that once contradicted each other across pages (issue 42): each is read from the reference model,
 * checked for consistency inside the model, then against every page (prose, tables, code samples) and the
 * declarations of workflows/steps/code/platform.d.ts, so a page that drifts from the model fails here.
 *
 * - the status range ctx.respond accepts;
 * - who may change a member's role (and the rest of the permission matrix);
 * - which deliveries the platform retries;
 * - what an SSE stream keeps for clients that reconnect;
 * - the length of ids and secrets (an API key example one character off its stated format);
 * - the body of an HTTP request that has none (the empty text, not null).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../docs.config.js';
import {
  CONTENT,
  codeBlocks,
  hasContent,
  modelStrings,
  prose,
  readModel,
  readPages,
  statements,
  type Statement,
} from './pages.js';

type Json = any;
const constants = config.constants as Record<string, string | number>;
const pages = hasContent ? readPages() : [];
const MODEL_FILES = [
  'concepts.yaml',
  'code-step-api.yaml',
  'component-api.yaml',
  'cli.yaml',
  'sse.yaml',
  'openapi.yaml',
];

/** Every statement of every page, and every string of every model file as a statement of its own. */
function everyStatement(): Statement[] {
  const out = pages.flatMap(statements);
  for (const file of MODEL_FILES)
    for (const s of modelStrings(readModel(file)))
      out.push({ file: `_model/${file}`, line: 0, text: s.text.replace(/\s+/g, ' ') });
  return out;
}
const where = (s: Statement) => `${s.file}${s.line ? `:${s.line}` : ''}  ${s.text.slice(0, 160)}`;

/* ------------------------------------------------------------------------------------------------ */
/* ctx.respond status range                                                                         */
/* ------------------------------------------------------------------------------------------------ */

/** The range the model gives ctx.respond's status, as [low, high]. */
function modelStatusRange(): [number, number] {
  const respond = readModel<Json>('code-step-api.yaml').ctx.find((m: Json) => m.name === 'ctx.respond');
  const status = respond.params.find((p: Json) => p.name === 'status');
  const m = /\b([1-5]\d\d) to ([1-5]\d\d)\b/.exec(status.description);
  if (!m) throw new Error(`code-step-api.yaml ctx.respond status: no "NNN to NNN" range in "${status.description}"`);
  return [Number(m[1]), Number(m[2])];
}

/** Ranges written in a text ("200 to 599", "`100`-`599`", "100 through 599") whose top is an HTTP status's top. */
function statusRanges(text: string): [number, number][] {
  return [...text.matchAll(/\b([1-5]\d\d)`?\s*(?:to|-|–|through)\s*`?(5\d\d)\b/g)]
    .filter((m) => m[2] === '599')
    .map((m) => [Number(m[1]), Number(m[2])]);
}

/** Status codes that code samples pass to ctx.respond or this.http.respond. */
function respondedStatuses(code: string): number[] {
  return [...code.matchAll(/\b(?:ctx|this\.\w+)\.respond\(\s*\{[^;]*?\bstatus:\s*(\d{3})\b/g)].map((m) => Number(m[1]));
}

describe.skipIf(!hasContent)('contradictions/status ranges: ctx.respond takes one range everywhere', () => {
  it('reads ranges and statuses the way pages write them (it can fail)', () => {
    expect(statusRanges('| Status | `100` to `599`. |')).toEqual([[100, 599]]);
    expect(statusRanges('HTTP status, 200 to 599.')).toEqual([[200, 599]]);
    expect(statusRanges('retry on 500-504')).toEqual([]);
    expect(respondedStatuses('await ctx.respond({ status: 101, body: "x" });')).toEqual([101]);
    expect(respondedStatuses('await this.http.respond({ headers: {}, status: 204 })')).toEqual([204]);
  });

  it('declares the same range in platform.d.ts as the model', () => {
    const [low, high] = modelStatusRange();
    const dts = readFileSync(path.join(CONTENT, 'workflows/steps/code/platform.d.ts'), 'utf8');
    const block = /interface HttpResponse \{([\s\S]*?)\n\}/.exec(dts)?.[1] ?? '';
    const comment = /\/\*\*([^*]*)\*\/\s*status\?/.exec(block)?.[1] ?? '';
    expect(statusRanges(comment), `platform.d.ts HttpResponse.status: "${comment.trim()}"`).toEqual([[low, high]]);
  });

  it('states no other range on any page or in the model', () => {
    const [low, high] = modelStatusRange();
    const wrong = everyStatement()
      .filter((s) => statusRanges(s.text).some(([l, h]) => l !== low || h !== high))
      .map(where);
    expect(wrong).toEqual([]);
  });

  it('responds only with statuses in the range in every sample', () => {
    const [low, high] = modelStatusRange();
    const wrong: string[] = [];
    for (const page of pages)
      for (const block of codeBlocks(page))
        for (const status of respondedStatuses(block.code))
          if (status < low || status > high) wrong.push(`${block.file}:${block.line}  status ${status}`);
    for (const file of MODEL_FILES)
      for (const s of modelStrings(readModel(file)))
        for (const status of respondedStatuses(s.text))
          if (status < low || status > high) wrong.push(`_model/${file} ${s.path}  status ${status}`);
    expect(wrong).toEqual([]);
  });
});

/* ------------------------------------------------------------------------------------------------ */
/* Roles                                                                                            */
/* ------------------------------------------------------------------------------------------------ */

const ROLES = ['owner', 'admin', 'member'] as const;
const normalize = (s: string) => s.replace(/[`*_]/g, '').replace(/[’]/g, "'").trim().toLowerCase();

/** The permission matrix of the model: action -> roles allowed. */
function permissions(): Map<string, Set<string>> {
  const membership = readModel<Json>('concepts.yaml').concepts.find((c: Json) => c.key === 'membership');
  return new Map(membership.permissions.map((p: Json) => [normalize(p.action), new Set<string>(p.roles)]));
}

/** Rows of every Markdown table with an Owner, an Admin and a Member column: action -> roles ticked. */
function permissionTables(): { file: string; line: number; action: string; roles: Set<string> }[] {
  const out: { file: string; line: number; action: string; roles: Set<string> }[] = [];
  for (const page of pages) {
    const lines = page.body.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const header = lines[i]!.split('|').map((c) => normalize(c));
      const columns = ROLES.map((r) => header.indexOf(r));
      if (!/^\s*\|/.test(lines[i]!) || columns.some((c) => c < 0)) continue;
      for (i += 2; i < lines.length && /^\s*\|/.test(lines[i]!); i++) {
        const cells = lines[i]!.split('|');
        out.push({
          file: page.file,
          line: page.bodyLine + i,
          action: normalize(cells[1] ?? ''),
          roles: new Set(ROLES.filter((_r, k) => /✓|✔|yes/i.test(cells[columns[k]!] ?? ''))),
        });
      }
    }
  }
  return out;
}

/** A statement that gives a role the power to change roles: "an admin can then change the role". */
function grantsRoleChange(text: string, role: string): boolean {
  return new RegExp(
    `\\b${role}s?\\b[^.|]{0,20}?\\b(can|may|will)(?: also| then| now)? (change|promote|demote|make|set|assign|edit)\\b[^.|;,:]{0,30}\\b(roles?|admins?|owners?|members?)\\b`,
    'i',
  ).test(text);
}

describe.skipIf(!hasContent)('contradictions/roles: the permission matrix of the model holds on every page', () => {
  it('recognizes a sentence that hands role changes to an admin (it can fail)', () => {
    expect(grantsRoleChange('An admin can then change the role: see Roles.', 'admin')).toBe(true);
    expect(grantsRoleChange('Admins may promote a member to admin.', 'admin')).toBe(true);
    expect(grantsRoleChange('The owner can then change the role.', 'admin')).toBe(false);
    expect(grantsRoleChange('| Owner | Everything an admin can, plus billing, changing roles |', 'admin')).toBe(false);
  });

  it('gives role changes to the owner alone in the model, and lists them under the owner only', () => {
    const model = permissions();
    expect(model.get("change a member's role")).toEqual(new Set(['owner']));
    const roles = readModel<Json>('concepts.yaml').concepts.find((c: Json) => c.key === 'membership').roles;
    for (const role of roles) {
      const about = (role.can as string[]).filter((c) =>
        /\ban? (admin|member) an? (admin|member)\b|\broles?\b/i.test(c),
      );
      if (role.name === 'owner') expect(about.length, 'owner.can names role changes').toBeGreaterThan(0);
      else expect(about, `${role.name}.can`).toEqual([]);
    }
  });

  it('ticks the roles of the model in every permission table, and one table has every action', () => {
    const model = permissions();
    const rows = permissionTables();
    const wrong = rows
      .filter((r) => model.has(r.action))
      .filter((r) => [...ROLES].some((role) => model.get(r.action)!.has(role) !== r.roles.has(role)))
      .map(
        (r) =>
          `${r.file}:${r.line}  "${r.action}" ticks ${[...r.roles].join(', ')}; the model: ${[...model.get(r.action)!].join(', ')}`,
      );
    expect(wrong).toEqual([]);
    const byFile = new Map<string, Set<string>>();
    for (const r of rows) byFile.set(r.file, (byFile.get(r.file) ?? new Set()).add(r.action));
    expect([...byFile.values()].some((actions) => [...model.keys()].every((a) => actions.has(a)))).toBe(true);
  });

  it('lets no page or model text give a role-change power to a role the model does not', () => {
    const allowed = permissions().get("change a member's role")!;
    const wrong = everyStatement()
      .filter((s) => ROLES.some((role) => !allowed.has(role) && grantsRoleChange(s.text, role)))
      .map(where);
    expect(wrong).toEqual([]);
  });
});

/* ------------------------------------------------------------------------------------------------ */
/* Delivery retries                                                                                 */
/* ------------------------------------------------------------------------------------------------ */

const KIND_NAMES: Record<string, RegExp> = {
  http: /\bHTTP\b/,
  s3: /\bS3\b/,
  sql: /\bSQL\b/,
  email: /\bemails?\b/i,
  sse: /\bSSE\b/,
  emit: /\bemit(ted)?\b/i,
};

function deliveryModel() {
  const concepts = readModel<Json>('concepts.yaml');
  const delivery = concepts.delivery;
  const kinds: string[] = concepts.concepts
    .find((c: Json) => c.key === 'destination')
    .destinations.map((d: Json) => d.type);
  return {
    concepts,
    delivery,
    kinds,
    retried: new Set<string>(delivery.retriedByPlatform),
    byService: new Set<string>(delivery.retriedByEmailService),
    notRetried: new Set<string>(delivery.notRetried),
  };
}

/** The destination kinds a statement names. */
const kindsNamed = (text: string) => Object.keys(KIND_NAMES).filter((k) => KIND_NAMES[k]!.test(text));

describe.skipIf(!hasContent)('contradictions/retries: which deliveries the platform retries is said one way', () => {
  it('puts every destination kind in exactly one of the model lists, with matching wording and limits', () => {
    const { delivery, kinds, retried, byService, notRetried, concepts } = deliveryModel();
    for (const kind of kinds) {
      const lists = [retried, byService, notRetried].filter((l) => l.has(kind));
      expect(lists.length, `${kind} is in one list`).toBe(1);
      const text = typeof delivery[kind] === 'string' ? delivery[kind] : JSON.stringify(delivery[kind]);
      if (retried.has(kind) && kind !== 'http') expect(text, `delivery.${kind}`).toMatch(/^Retried\b/);
      if (notRetried.has(kind)) expect(text, `delivery.${kind}`).toMatch(/^Not retried\b/);
      if (byService.has(kind)) expect(text, `delivery.${kind}`).toMatch(/email service/);
    }
    const destinations = concepts.concepts.find((c: Json) => c.key === 'destination').destinations;
    const ctx = readModel<Json>('code-step-api.yaml').ctx;
    for (const kind of kinds) {
      const d = destinations.find((x: Json) => x.type === kind);
      expect((d.limits ?? []).includes('destinationRetryAttempts'), `concepts destinations ${kind}.limits`).toBe(
        retried.has(kind),
      );
      const send = ctx.find((m: Json) => m.name === `ctx.send.${kind}`);
      expect((send.limits ?? []).includes('destinationRetryAttempts'), `ctx.send.${kind}.limits`).toBe(
        retried.has(kind),
      );
    }
    const limits: Json[] = Array.isArray(concepts.limits) ? concepts.limits : Object.values(concepts.limits).flat();
    const limit = limits.find((l: Json) => l?.constant === 'destinationRetryAttempts');
    expect(limit, 'concepts.yaml limits: destinationRetryAttempts').toBeDefined();
    expect(new Set(kindsNamed(limit.appliesTo))).toEqual(retried);
  });

  it('names the retried kinds, and only those, wherever the retry count is given', () => {
    const { retried } = deliveryModel();
    const wrong = everyStatement()
      .filter((s) => s.text.includes('%{destinationRetryAttempts}'))
      .filter((s) => {
        const named = kindsNamed(s.text.replace(/\bHTTP (status|answer|response|request)s?\b/gi, ''));
        if (named.some((k) => !retried.has(k))) return true;
        return named.length > 1 && named.length !== retried.size;
      })
      .map(where);
    expect(wrong).toEqual([]);
  });

  it('never says that every delivery is retried', () => {
    const wrong = everyStatement()
      .filter(
        (s) =>
          /\b(every|all|any) (destination )?deliver(y|ies)\b[^.|]*\bretried\b(?! (for|on) HTTP)/i.test(s.text) ||
          /\bretried,? as (every|all|any) (destination )?deliver/i.test(s.text),
      )
      .map(where);
    expect(wrong).toEqual([]);
  });

  it('answers "Retried?" in delivery tables as the model does', () => {
    const { retried, byService, notRetried } = deliveryModel();
    const wrong: string[] = [];
    let rows = 0;
    for (const page of pages) {
      const lines = page.body.split('\n');
      for (let i = 0; i < lines.length; i++) {
        const header = lines[i]!.split('|').map((c) => c.trim());
        const col = header.findIndex((c) => /^Retried\??$/.test(c));
        if (col < 0) continue;
        for (i += 2; i < lines.length && /^\s*\|/.test(lines[i]!); i++) {
          const cells = lines[i]!.split('|').map((c) => c.trim());
          const kinds = kindsNamed(cells[1]!.replace(/\(.*?\)/g, ''));
          if (kinds.length !== 1) continue;
          const kind = kinds[0]!;
          const answer = cells[col]!;
          rows++;
          const ok = retried.has(kind)
            ? /^Yes\b/.test(answer)
            : byService.has(kind)
              ? /email service/i.test(answer)
              : notRetried.has(kind) && /^No\b/.test(answer);
          if (!ok) wrong.push(`${page.file}:${page.bodyLine + i}  ${kind}: "${answer}"`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(rows).toBeGreaterThanOrEqual(4);
  });

  it('never calls an SSE or emit delivery retried', () => {
    const wrong = everyStatement()
      .filter((s) => /\b(SSE|emit(ted)?) (message|deliver|event)[^.|]*\bis retried\b/i.test(s.text))
      .map(where);
    expect(wrong).toEqual([]);
  });
});

/* ------------------------------------------------------------------------------------------------ */
/* SSE history                                                                                      */
/* ------------------------------------------------------------------------------------------------ */

/** Statements that deny a stream any history: the wording of the contradiction issue 42 found. */
const NO_HISTORY =
  /connected at (that|the) (moment|time)\b|\bonly (the )?clients? (that are |who are )?(already )?connected\b|\b(SSE|stream)[^.|]*\bnot (replayed|retained|kept|stored)\b/i;

describe.skipIf(!hasContent)(
  'contradictions/SSE history: a stream keeps its last messages for reconnecting clients',
  () => {
    const history = () => readModel<Json>('sse.yaml').reconnection.history;

    it('recognizes a statement that denies the history (it can fail)', () => {
      expect(NO_HISTORY.test('Not retried: a message reaches the clients connected at that moment only.')).toBe(true);
      expect(NO_HISTORY.test('Only clients connected at that moment receive it.')).toBe(true);
      expect(NO_HISTORY.test('Connected clients receive it; the stream keeps its last %{x} messages.')).toBe(false);
    });

    it('states the history once in the model, as a constant, and the model prose agrees', () => {
      const h = history();
      expect(h.retained in constants, `sse.yaml reconnection.history.retained names a constant`).toBe(true);
      expect(h.replayedOnReconnect).toBe(true);
      const retained = `%{${h.retained}}`;
      const sse = readModel<Json>('sse.yaml');
      expect(sse.reconnection.description).toContain(retained);
      expect(readModel<Json>('concepts.yaml').delivery.sse).toContain(retained);
      const send = readModel<Json>('code-step-api.yaml').ctx.find((m: Json) => m.name === 'ctx.send.sse');
      expect(send.description).toContain(retained);
    });

    it('never says a stream has no history, on any page or in the model', () => {
      expect(
        everyStatement()
          .filter((s) => NO_HISTORY.test(s.text))
          .map(where),
      ).toEqual([]);
    });

    it('gives the retained count of a stream through the model constant', () => {
      const retained = `%{${history().retained}}`;
      const wrong = everyStatement()
        .filter((s) => /\b(stream|SSE)\b/i.test(s.text) && /\b(keeps|retains|retained)\b[^.|]*\blast\b/i.test(s.text))
        .filter((s) => !s.text.includes(retained))
        .map(where);
      expect(wrong).toEqual([]);
    });
  },
);

/* ------------------------------------------------------------------------------------------------ */
/* Id and secret formats                                                                            */
/* ------------------------------------------------------------------------------------------------ */

/** Each secret format of the model ("sk_ followed by 40 letters and digits") as [prefix, length]. */
function secretFormats(): [string, number][] {
  return readModel<Json>('concepts.yaml').ids.secrets.map((s: Json) => {
    const m = /^([a-z]+_) followed by (\d+) letters and digits$/.exec(s.format);
    if (!m)
      throw new Error(
        `concepts.yaml ids.secrets ${s.name}: format "${s.format}" is not "<prefix> followed by N letters and digits"`,
      );
    return [m[1]!, Number(m[2])];
  });
}

/** Tokens of a text that start with one of the prefixes and whose length differs from the one given for it. */
function misfits(text: string, formats: [string, number][]): string[] {
  const out: string[] = [];
  for (const [prefix, length] of formats)
    for (const m of text.matchAll(new RegExp(`(?<![\\w-])${prefix}([A-Za-z0-9]+)\\b`, 'g'))) {
      // Field names such as org_id share a prefix; real values always mix in digits or capitals.
      if (/[A-Z0-9]/.test(m[1]!) && m[1]!.length !== length) out.push(m[0]);
    }
  return out;
}

describe.skipIf(!hasContent)('contradictions/formats: every id and secret has the length the model gives', () => {
  const idFormats = (): [string, number][] =>
    readModel<Json>('concepts.yaml').ids.prefixes.map((p: Json) => [p.prefix, 12] as [string, number]);

  it('finds a value one character off (it can fail)', () => {
    expect(misfits('api_key = sk_4f8Kd2Lm9Qx7Vb3Np6Rt1Zw5Hc8Jy2Ge0Ua4Ts9Mo', [['sk_', 40]])).toHaveLength(1);
    expect(misfits('api_key = sk_4f8Kd2Lm9Qx7Vb3Np6Rt1Zw5Hc8Jy2Ge0Ua4Ts9M', [['sk_', 40]])).toEqual([]);
    expect(
      misfits('pass ?org_id=org_7Hc2Vn5QpL1 and wf_9Pq4Lx2Nv7Bs', [
        ['org_', 12],
        ['wf_', 12],
      ]),
    ).toEqual(['org_7Hc2Vn5QpL1']);
  });

  it('gives each secret of the model an example of its own format', () => {
    for (const s of readModel<Json>('concepts.yaml').ids.secrets)
      expect(misfits(s.example, secretFormats()), `concepts.yaml ids.secrets ${s.name}`).toEqual([]);
  });

  it('writes secrets and ids at their model length on every page, code included, and in the model', () => {
    const formats = [...secretFormats(), ...idFormats()];
    const wrong: string[] = [];
    for (const page of pages)
      page.body.split('\n').forEach((line, i) => {
        for (const token of misfits(line, formats)) wrong.push(`${page.file}:${page.bodyLine + i}  ${token}`);
      });
    for (const file of MODEL_FILES)
      for (const line of readFileSync(path.join(CONTENT, '_model', file), 'utf8').split('\n'))
        for (const token of misfits(line, formats)) wrong.push(`_model/${file}  ${token}`);
    expect(wrong).toEqual([]);
  });
});

/* ------------------------------------------------------------------------------------------------ */
/* The body of a request without one                                                                */
/* ------------------------------------------------------------------------------------------------ */

/** HTTP events in a page's JSON samples: objects with rawBody and isBase64Encoded, as [line, event]. */
function httpEventSamples(page: (typeof pages)[number]): [number, Json][] {
  const out: [number, Json][] = [];
  for (const block of codeBlocks(page)) {
    if (block.lang !== 'json' || !/"rawBody"/.test(block.code)) continue;
    let sample: Json;
    try {
      sample = JSON.parse(block.code.replace(/%\{\w+\}/g, 'x'));
    } catch {
      continue;
    }
    if (sample && typeof sample === 'object' && 'rawBody' in sample && 'isBase64Encoded' in sample)
      out.push([block.line, sample]);
  }
  return out;
}

describe.skipIf(!hasContent)('contradictions/HTTP bodies: a request without a body has the empty text as body', () => {
  it('parses a request with no content type as text in the model', () => {
    const row = readModel<Json>('concepts.yaml').httpTrigger.bodies.find((b: Json) =>
      /\bor none\b/.test(b.contentType),
    );
    expect(row.body).toMatch(/^The text\b/);
  });

  it('shows body "" in every sample event whose rawBody is empty, and no page says such a body is null', () => {
    const wrong: string[] = [];
    let empty = 0;
    for (const page of pages) {
      for (const [line, sample] of httpEventSamples(page))
        if (sample.rawBody === '') {
          empty++;
          if (sample.body !== '') wrong.push(`${page.file}:${line}  body ${JSON.stringify(sample.body)}`);
        }
      for (const s of statements(page))
        if (/without a body\b[^.|]*`body`[^.|]*\bnull\b/.test(s.text)) wrong.push(where(s));
    }
    expect(wrong).toEqual([]);
    expect(empty).toBeGreaterThanOrEqual(1);
  });
});

/* ------------------------------------------------------------------------------------------------ */
/* SQL API response shape                                                                           */
/* ------------------------------------------------------------------------------------------------ */

/** The fields of a SQL query answer, read from the model's "200 with { a, b, ... }". */
function modelSqlResponseFields(): string[] {
  const response: string = readModel<Json>('concepts.yaml').sqlQuery.response;
  const m = /\{\s*([a-z_,\s]+)\}/.exec(response);
  if (!m) throw new Error(`concepts.yaml sqlQuery.response: no "{ field, ... }" list in "${response}"`);
  return m[1]!
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)
    .sort();
}

/** The top-level keys of a JSON sample that is a SQL query answer (it has columns and rows), or null. */
function sqlAnswerKeys(code: string): string[] | null {
  let doc: unknown;
  try {
    doc = JSON.parse(code);
  } catch {
    return null;
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return null;
  const keys = Object.keys(doc);
  return keys.includes('columns') && keys.includes('rows') ? keys.sort() : null;
}

describe.skipIf(!hasContent)('contradictions/SQL answers: every sample of a query answer has the model fields', () => {
  it('reads the answer fields of a sample (it can fail)', () => {
    expect(sqlAnswerKeys('{ "columns": ["a"], "rows": [[1]] }')).toEqual(['columns', 'rows']);
    expect(sqlAnswerKeys('{ "data": [] }')).toBeNull();
    expect(modelSqlResponseFields()).toContain('truncated');
  });

  it('shows the same fields in every JSON sample and in every inline answer', () => {
    const fields = modelSqlResponseFields();
    const wrong: string[] = [];
    for (const page of pages) {
      for (const block of codeBlocks(page)) {
        if (block.lang !== 'json') continue;
        const keys = sqlAnswerKeys(block.code);
        if (keys && keys.join() !== fields.join()) wrong.push(`${block.file}:${block.line}  ${keys.join(', ')}`);
      }
      for (const s of statements(page))
        for (const inline of s.text.matchAll(/`(\{\s*"columns"[^`]*\})`/g)) {
          const keys = [...inline[1]!.matchAll(/"([a-z_]+)":/g)].map((k) => k[1]!).sort();
          if (keys.join() !== fields.join()) wrong.push(`${s.file}:${s.line}  ${inline[1]}`);
        }
    }
    expect(wrong).toEqual([]);
  });
});

/* ------------------------------------------------------------------------------------------------ */
/* Which triggers have a source                                                                     */
/* ------------------------------------------------------------------------------------------------ */

/** A statement that gives every trigger a source, with no exception named. */
const EVERY_TRIGGER_A_SOURCE =
  /\b(behind every trigger is|every (workflow )?trigger (is|is backed by) (an? |one\b)|every trigger is one\b)/i;

describe.skipIf(!hasContent)('contradictions/trigger sources: the manual trigger has no source', () => {
  it('recognizes a statement that gives every trigger a source (it can fail)', () => {
    expect(EVERY_TRIGGER_A_SOURCE.test('Behind every trigger is an event source.')).toBe(true);
    expect(EVERY_TRIGGER_A_SOURCE.test('Every workflow trigger is a source too.')).toBe(true);
    expect(EVERY_TRIGGER_A_SOURCE.test('Behind every trigger but the manual one is an event source.')).toBe(false);
  });

  it('gives a manual trigger no source in the REST API', () => {
    const openapi = readModel<Json>('openapi.yaml');
    const found = modelStrings(openapi).filter((s) => /\bsource_id\b|source behind the trigger/i.test(s.text));
    expect(found.some((s) => /null for a manual trigger/i.test(s.text))).toBe(true);
  });

  it('never says, on a page or in the model, that every trigger has a source', () => {
    expect(
      everyStatement()
        .filter((s) => EVERY_TRIGGER_A_SOURCE.test(s.text))
        .map(where),
    ).toEqual([]);
  });
});

/* ------------------------------------------------------------------------------------------------ */
/* Which failures are reported                                                                      */
/* ------------------------------------------------------------------------------------------------ */

/** A statement that reports (as $errors or a workflow error) every failed execution. */
const EVERY_FAILURE_REPORTED =
  /(\$errors|workflow error)[^.|]*\b(every|each|one event per|once for every) failed execution|\b(every|each) failed execution\b[^.|]*(\$errors|workflow error)/i;

describe.skipIf(!hasContent)(
  'contradictions/reported failures: with autoRetry, only the last attempt is reported',
  () => {
    it('recognizes a statement that reports every failed execution (it can fail)', () => {
      expect(EVERY_FAILURE_REPORTED.test('Every failed execution is also emitted as an event named `$errors`.')).toBe(
        true,
      );
      expect(EVERY_FAILURE_REPORTED.test('The `$errors` event names the failed execution.')).toBe(false);
    });

    it('says in the model, for autoRetry and for $errors alike, that only the last attempt is reported', () => {
      const concepts = readModel<Json>('concepts.yaml');
      const texts = modelStrings(concepts).map((s) => s.text);
      expect(texts.some((t) => /retried up to %\{autoRetryAttempts\}.*\blast attempt/i.test(t))).toBe(true);
      expect(texts.some((t) => /^Emitted by a workflow once for every failed execution.*\blast attempt/i.test(t))).toBe(
        true,
      );
    });

    it('qualifies every "each failed execution is reported" with the last attempt, on pages and in the model', () => {
      expect(
        everyStatement()
          .filter((s) => EVERY_FAILURE_REPORTED.test(s.text) && !/\blast attempt/i.test(s.text))
          .map(where),
      ).toEqual([]);
    });
  },
);

/* ------------------------------------------------------------------------------------------------ */
/* How each app's triggers run                                                                      */
/* ------------------------------------------------------------------------------------------------ */

interface ModelApp {
  slug: string;
  name: string;
  triggers?: { key: string; mechanism: 'polling' | 'webhook' }[];
}

/** Apps of the model whose triggers all run one way, with that way. */
function appMechanisms(): { app: ModelApp; mechanism: 'polling' | 'webhook' }[] {
  const appConcept = readModel<Json>('concepts.yaml').concepts.find((c: Json) => Array.isArray(c.apps));
  return (appConcept.apps as ModelApp[])
    .filter((a) => a.triggers?.length)
    .map((app) => {
      const kinds = [...new Set(app.triggers!.map((t) => t.mechanism))];
      if (kinds.length !== 1) throw new Error(`concepts.yaml app ${app.slug}: triggers mix ${kinds.join(' and ')}`);
      return { app, mechanism: kinds[0]! };
    });
}

/** The app names of the "**Webhook** triggers (...)" and "**Polling** triggers (...)" lists of a text. */
function mechanismLists(text: string): Record<'polling' | 'webhook', string> {
  const flat = text.replace(/\s+/g, ' ');
  const list = (word: string) => new RegExp(`\\*\\*${word}\\*\\* triggers \\(([^)]*)\\)`).exec(flat)?.[1] ?? '';
  return { webhook: list('Webhook'), polling: list('Polling') };
}

/** Whether a list names an app: by its name, its first word ("Zoom" for Zoom Admin) or "the Zoho apps". */
const listNames = (list: string, name: string) =>
  new RegExp(`\\b(${name}|${name.split(' ')[0]}( apps| source)?)\\b`).test(list);

describe.skipIf(!hasContent)(
  'contradictions/trigger mechanisms: polling and webhook apps as the model has them',
  () => {
    it('reads the two lists of a text (it can fail)', () => {
      const lists = mechanismLists(
        '**Webhook** triggers (Slack, Zoom) run. **Polling** triggers (Discord and the Zoho apps) check.',
      );
      expect(lists).toEqual({ webhook: 'Slack, Zoom', polling: 'Discord and the Zoho apps' });
      expect(listNames(lists.polling, 'Zoho Books')).toBe(true);
      expect(listNames(lists.polling, 'HubSpot')).toBe(false);
    });

    it('names every app with triggers in the list of its mechanism on All apps, and not in the other', () => {
      const page = pages.find((p) => p.file === 'apps/all-apps.md');
      expect(page, 'apps/all-apps.md').toBeDefined();
      const lists = mechanismLists(prose(page!));
      const wrong: string[] = [];
      for (const { app, mechanism } of appMechanisms()) {
        const other = mechanism === 'polling' ? 'webhook' : 'polling';
        if (!listNames(lists[mechanism], app.name))
          wrong.push(`${app.name} (${mechanism}) missing from the ${mechanism} list`);
        if (listNames(lists[other], app.name) && !listNames(lists[mechanism], app.name))
          wrong.push(`${app.name} (${mechanism}) listed as ${other}`);
      }
      expect(wrong).toEqual([]);
    });

    it('describes each app guide triggers the way they run', () => {
      const wrong: string[] = [];
      for (const { app, mechanism } of appMechanisms()) {
        const page = pages.find((p) => p.file === `apps/${app.slug.replace(/_/g, '-')}.md`);
        if (!page) continue;
        for (const s of statements(page)) {
          const pushed = /\b(triggers?|sources?)\b[^.]*\b(as (they|it) happens?|within (seconds|moments))\b/i;
          const polled = /\b(triggers?|sources?) (check|poll|query)\b[^.]*\b(timer|schedule)\b/i;
          if (mechanism === 'polling' && pushed.test(s.text))
            wrong.push(`${s.file}:${s.line}  polling app described as pushed: ${s.text.slice(0, 120)}`);
          if (mechanism === 'webhook' && polled.test(s.text))
            wrong.push(`${s.file}:${s.line}  webhook app described as polling: ${s.text.slice(0, 120)}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  },
);

/* ------------------------------------------------------------------------------------------------ */
/* What an error type covers                                                                        */
/* ------------------------------------------------------------------------------------------------ */

/** The sections of a page by "## " heading, as heading -> text. */
function sections(body: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of body.split(/^## /m).slice(1)) out.set(part.slice(0, part.indexOf('\n')).trim(), part);
  return out;
}

interface CatalogueItem {
  type: string;
  status: number | null;
  where?: string[];
  meaning: string;
}

/** The error catalogue of the model; with a place, only the types answered there (rest, http_trigger, sql...). */
function catalogue(where?: string): CatalogueItem[] {
  const items = readModel<Json>('concepts.yaml').errorCatalogue.items as CatalogueItem[];
  return where ? items.filter((i) => i.where?.includes(where)) : items;
}

describe.skipIf(!hasContent)(
  'contradictions/error causes: each error section names every limit the catalogue gives',
  () => {
    it('finds the constants of a catalogue entry missing from a section (it can fail)', () => {
      const missing = (meaning: string, section: string) =>
        (meaning.match(/%\{\w+\}/g) ?? []).filter((c) => !section.includes(c));
      expect(missing('%{a} a minute, %{b} a second', 'only %{a} here')).toEqual(['%{b}']);
    });

    it('names, in the summary row and the section of each type on Common errors, every limit the catalogue gives', () => {
      const items = catalogue();
      const page = pages.find((p) => p.file === 'errors.md');
      expect(page, 'errors.md').toBeDefined();
      const bySection = sections(page!.body);
      const rows = [...page!.body.matchAll(/^\| \[([^\]]+)\]\(#[\w-]+\) \| `(\w+)` \|.*$/gm)];
      expect(rows.length).toBeGreaterThan(5);
      const wrong: string[] = [];
      for (const [row, heading, type] of rows) {
        const item = items.find((i) => i.type === type);
        if (!item) continue;
        const section = bySection.get(heading!) ?? '';
        for (const constant of item.meaning.match(/%\{\w+\}/g) ?? []) {
          if (!row.includes(constant)) wrong.push(`errors.md summary row of ${type} lacks ${constant}`);
          if (!section.includes(constant)) wrong.push(`errors.md section "${heading}" (${type}) lacks ${constant}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  },
);

describe.skipIf(!hasContent)("contradictions/REST errors: lists of REST statuses and types are the catalogue's", () => {
  it('lists, wherever a page names the errors every endpoint can return, the REST statuses of the catalogue', () => {
    const rest = [...new Set(catalogue('rest').map((i) => String(i.status)))].sort();
    const wrong: string[] = [];
    for (const s of pages.flatMap(statements)) {
      const m = /\berrors? every endpoint can return \(([^)]*)\)/i.exec(s.text);
      if (!m) continue;
      const listed = [...m[1]!.matchAll(/\b\d{3}\b/g)].map((x) => x[0]).sort();
      if (listed.join() !== rest.join())
        wrong.push(`${s.file}:${s.line}  lists ${listed.join(', ')}; the catalogue ${rest.join(', ')}`);
    }
    expect(rest.length).toBeGreaterThan(5);
    expect(wrong).toEqual([]);
  });

  it('names every REST error type of the catalogue, with its status, where the overview lists the types', () => {
    const page = pages.find((p) => p.file === 'api/overview.md');
    expect(page, 'api/overview.md').toBeDefined();
    const list = statements(page!).find((s) => /^Branch on `type`/.test(s.text));
    expect(list, 'the "Branch on `type`" sentence of api/overview.md').toBeDefined();
    const missing = catalogue('rest')
      .filter((i) => !new RegExp(`\`${i.type}\`[^(]*\\(${i.status}\\b`).test(list!.text))
      .map((i) => `${i.type} (${i.status})`);
    expect(missing).toEqual([]);
  });
});

/* ------------------------------------------------------------------------------------------------ */
/* What a CLI command takes                                                                         */
/* ------------------------------------------------------------------------------------------------ */

describe.skipIf(!hasContent)(
  'contradictions/CLI targets: a command that takes a workflow is described with one',
  () => {
    it('mentions workflows in the description of every command whose usage takes <source|workflow>', () => {
      const commands = readModel<Json>('cli.yaml').commands as { name: string; usage: string }[];
      const both = commands.filter((c) => c.usage.includes('<source|workflow>'));
      expect(both.length).toBeGreaterThan(0);
      const wrong: string[] = [];
      for (const page of pages.filter((p) => p.file.startsWith('cli/')))
        for (const [heading, text] of sections(page.body.replace(/^### /gm, '## ')))
          for (const command of both) {
            if (heading !== command.name) continue;
            const description =
              prose({ ...page, body: text })
                .split('\n\n')
                .find((p) => /^[A-Z`]/.test(p.trim())) ?? '';
            if (!/\bworkflow/i.test(description))
              wrong.push(`${page.file} ${command.name}: ${description.trim().slice(0, 100)}`);
          }
      expect(wrong).toEqual([]);
    });

    it('never says the CLI reads a source stream only, since forward reads a workflow stream too', () => {
      expect(
        everyStatement()
          .filter((s) => /\bThe CLI (follows|reads) a source's stream only\b/i.test(s.text))
          .map(where),
      ).toEqual([]);
    });
  },
);
