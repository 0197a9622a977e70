/**
 * The TypeScript declarations published beside the platform package reference
 * (content/workflows/steps/code/platform.d.ts) agree with the reference model: every ctx member,
 * its parameters and its return type, and the three define* exports. TypeScript itself checks
 * it: the test writes a file of type assertions derived from the model and runs `tsc --noEmit`.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from '../helpers/site.js';
import { readModel } from './pages.js';

const DECLARATIONS = path.join(REPO, 'content/workflows/steps/code/platform.d.ts');
const TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');

interface Param {
  name: string;
}
interface Member {
  name: string;
  signature: string;
  params?: Param[];
}

const model = readModel<{
  ctx: Member[];
  shape: { code: string };
  defineStep: { options: { name: string; example?: string }[] };
}>('code-step-api.yaml');
const components = readModel<{ actions: { example: string } }>('component-api.yaml');

const dir = mkdtempSync(path.join(os.tmpdir(), 'platform-dts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs tsc on the declarations plus the given files; returns its diagnostics ('' when clean). */
function typecheck(files: Record<string, string>): string {
  copyFileSync(DECLARATIONS, path.join(dir, 'platform.d.ts'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2023'],
        types: [],
        paths: { '@conduit/platform': ['./platform.d.ts'] },
      },
      files: ['platform.d.ts', ...Object.keys(files)],
    }),
  );
  const run = spawnSync(process.execPath, [TSC, '-p', dir], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`.trim();
}

/** Path of a member in the Context type: ctx.send.http -> Context['send']['http']. */
const typePath = (name: string) =>
  `Context${name
    .split('.')
    .slice(1)
    .map((p) => `['${p}']`)
    .join('')}`;
const keysRecord = (type: string, keys: string[]) =>
  `const _${type.replace(/\W+/g, '_')}: Record<keyof ${type}, true> = { ${keys.map((k) => `${k}: true`).join(', ')} };`;

/** Assertions derived from the model: any disagreement is a TypeScript error naming the member. */
function assertionsFromModel(): string {
  const lines = [
    "import type { Context } from './platform.js';",
    "import { defineStep, defineSource, defineAction } from './platform.js';",
    'type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;',
    'void defineStep; void defineSource; void defineAction;',
  ];
  const top = [...new Set(model.ctx.map((m) => m.name.split('.')[1]!))];
  lines.push(keysRecord('Context', top));
  for (const group of ['send', 'state', 'flow']) {
    lines.push(
      keysRecord(
        `Context['${group}']`,
        model.ctx.filter((m) => m.name.startsWith(`ctx.${group}.`)).map((m) => m.name.split('.')[2]!),
      ),
    );
  }
  for (const member of model.ctx) {
    const sig = member.signature;
    const t = typePath(member.name);
    const call = /^[\w.]+\((.*)\): (.+)$/.exec(sig);
    if (call && !call[2]!.includes('ctx.')) {
      const [, params, returns] = call;
      lines.push(`const _r_${member.name.replace(/\./g, '_')}: Equal<ReturnType<${t}>, ${returns}> = true;`);
      const names = [...new Set((member.params ?? []).map((p) => p.name.split('.')[0]!))];
      if (/^\w+\??: \{/.test(params!)) {
        // One object argument: the model's params are its fields.
        lines.push(keysRecord(`NonNullable<Parameters<${t}>[0]>`, names));
      } else {
        lines.push(
          `const _n_${member.name.replace(/\./g, '_')}: Equal<Required<Parameters<${t}>>['length'], ${names.length}> = true;`,
        );
      }
    } else if (!call && !sig.includes('<app>')) {
      const type = /^[\w.]+: (.+)$/.exec(sig)?.[1];
      if (type) lines.push(`const _t_${member.name.replace(/\./g, '_')}: Equal<${t}, ${type}> = true;`);
    }
  }
  lines.push("declare const ctx: Context; ctx.log('a', 1); ctx.log.info('b'); ctx.log.warn('c'); ctx.log.error('d');");
  lines.push('const _auth: string | undefined = ctx.auths.slack?.oauthAccessToken;');
  return `${lines.join('\n')}\nexport {};\n`;
}

/** A model sample, typed: the HTTP client's default export is declared loosely, as its own page documents it. */
const sample = (code: string) => `${code}\n`;
const AXIOS_STUB =
  "declare module '@conduit/axios' { const axios: (ctx: unknown, config: Record<string, unknown>) => Promise<any>; export default axios; }\n";

describe('docs/platform declarations', () => {
  it('names every ctx member, parameter and return type of the model, and nothing else', () => {
    expect(typecheck({ 'check.ts': assertionsFromModel() })).toBe('');
  });

  it("accepts the model's code-step and action samples", () => {
    const props = model.defineStep.options.find((o) => o.name === 'props')!.example!;
    const files = {
      'axios.d.ts': AXIOS_STUB,
      'shape.ts': sample(model.shape.code),
      'props.ts': sample(props),
      'action.ts': sample(components.actions.example),
    };
    expect(typecheck(files)).toBe('');
  });

  it('fails on a member the model does not have (the check can fail)', () => {
    const broken = assertionsFromModel().replace(
      'const _Context: Record<keyof Context, true> = { ',
      'const _Context: Record<keyof Context, true> = { rollback: true, ',
    );
    expect(typecheck({ 'check.ts': broken })).toMatch(/rollback/);
  });
});
