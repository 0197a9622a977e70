import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, resolveConfig } from '../../src/config/index.js';
import { BuildFailure } from '../../src/model/errors.js';
import { configFile, editFile, tmpSite } from '../helpers/tmp-site.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function loadFails(config: string): Promise<BuildFailure> {
  const site = await tmpSite({ 'docs.config.ts': config });
  cleanup = site.cleanup;
  const error = await loadConfig(site.root).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BuildFailure);
  return error as BuildFailure;
}

describe('config', () => {
  it('rejects a config file without a default export instead of building with defaults', async () => {
    const failure = await loadFails("export const config = { title: 'Mine' };\n");
    expect(failure.problems[0].place.file).toBe('docs.config.ts');
    expect(failure.problems[0].message).toContain('default export');
  });

  it('places a syntax error in the config file at its line and column', async () => {
    const failure = await loadFails("export default {\n  title: 'x',\n  broken syntax here\n};\n");
    expect(failure.problems[0].place).toMatchObject({ file: 'docs.config.ts', line: 3 });
  });

  it('refuses an outDir that is the content folder or the root, naming the key', () => {
    for (const outDir of ['content', '.', 'content/out']) {
      const error = (() => {
        try {
          resolveConfig({ outDir }, '/tmp/site', { configFile: '/tmp/site/docs.config.ts' });
        } catch (e) {
          return e as BuildFailure;
        }
      })();
      expect(error, outDir).toBeInstanceOf(BuildFailure);
      expect(error!.problems[0].place.file).toBe('docs.config.ts');
      expect(error!.problems[0].fix).toContain('outDir');
    }
  });

  it('names the key a misspelt one was meant to be, at the top and inside an option', () => {
    const problems = (user: unknown) => {
      try {
        resolveConfig(user, '/tmp/site', { configFile: '/tmp/site/docs.config.ts' });
      } catch (e) {
        return (e as BuildFailure).problems.map((p) => `${p.message} | ${p.fix}`);
      }
      return [];
    };
    expect(problems({ titel: 'Docs' })).toEqual(['unknown key "titel" | did you mean "title"? Otherwise remove it']);
    expect(problems({ editLink: { pattern: 'https://x.example/:path', txet: 'Edit' } })).toEqual([
      'unknown key "editLink.txet" | did you mean "editLink.text"? Otherwise remove it',
    ]);
    expect(problems({ runtime: { scrollThrotleMs: 100 } })[0]).toContain('did you mean "runtime.scrollThrottleMs"?');
    // Nothing near: no guess.
    expect(problems({ zzzzqqq: 1 })).toEqual([
      'unknown key "zzzzqqq" | remove it or check its spelling against the documented options',
    ]);
  });

  // DOCS_REUSE_PLAIN_CONFIGS (vitest.config.ts): a configuration of the same text is not imported again.
  it('loads a configuration again with each edit, and a plain one of the same text as a copy of its own', async () => {
    const site = await tmpSite({ 'docs.config.ts': configFile({ title: 'First', constants: { a: 'x' } }) });
    cleanup = site.cleanup;
    const first = await loadConfig(site.root);
    const again = await loadConfig(site.root);
    expect(again.title).toBe('First');
    expect(again.constants).toEqual(first.constants);
    expect(again.constants).not.toBe(first.constants);
    await editFile(`${site.root}/docs.config.ts`, (text) => text.replace('First', 'Second'));
    expect((await loadConfig(site.root)).title).toBe('Second');
    // Not plain data (a function), or reading the environment: imported at each load.
    await editFile(`${site.root}/docs.config.ts`, (text) =>
      text.replace('"Second"', 'process.env.DOCS_TEST_TITLE ?? "Unset"'),
    );
    process.env.DOCS_TEST_TITLE = 'Third';
    try {
      expect((await loadConfig(site.root)).title).toBe('Third');
      process.env.DOCS_TEST_TITLE = 'Fourth';
      expect((await loadConfig(site.root)).title).toBe('Fourth');
    } finally {
      delete process.env.DOCS_TEST_TITLE;
    }
  });

  it('resolves a root given relative to the working folder, so the stores that key files by path find them again', async () => {
    const site = await tmpSite({ 'docs.config.ts': configFile({ title: 'Relative' }) });
    cleanup = site.cleanup;
    const config = await loadConfig(path.relative(process.cwd(), site.root));
    expect(config.root).toBe(site.root);
    expect(config.contentDir).toBe(path.join(site.root, 'content'));
    expect(config.configFile).toBe(path.join(site.root, 'docs.config.ts'));
  });
});
