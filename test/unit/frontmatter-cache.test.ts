import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSource } from '../../src/content/index.js';
import { Problems } from '../../src/model/errors.js';
import { codeVersion, readCache } from '../../src/incremental/cache.js';
import { parseFrontmatterYaml, type KeyLines } from '../../src/content/frontmatter.js';
import { FrontmatterCache } from '../../src/incremental/frontmatter-cache.js';

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

async function tempRoot(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'docs-frontmatter-'));
  roots.push(root);
  return root;
}

/** A project whose cache holds one frontmatter text (lists need the YAML parser: plain string lines are read without the cache). */
async function cachedOnce(): Promise<{ root: string; file: string }> {
  const root = await tempRoot();
  const first = await FrontmatterCache.open({ root });
  first.parse('\ntitle: A\ntags: [a]\n', {});
  await first.save();
  return { root, file: path.join(root, 'node_modules/.cache/docs/frontmatter.v8') };
}

describe('frontmatter-cache', () => {
  it('parses a frontmatter text once: the next build reads its value and key lines from the cache', async () => {
    const root = await tempRoot();
    const cache = await FrontmatterCache.open({ root });
    const lines: KeyLines = {};
    expect(cache.parse('\ntitle: A\ntags: [a]\n', lines)).toEqual({ title: 'A', tags: ['a'] });
    await cache.save();

    const stored = await readCache<Map<string, unknown>>(
      path.join(root, 'node_modules/.cache/docs/frontmatter.v8'),
      await codeVersion(),
    );
    expect([...stored!.keys()]).toEqual(['\ntitle: A\ntags: [a]\n']);
    const next = await FrontmatterCache.open({ root });
    const again: KeyLines = {};
    expect(next.parse('\ntitle: A\ntags: [a]\n', again)).toEqual({ title: 'A', tags: ['a'] });
    expect(again).toEqual({ title: 2, tags: 3 });
  });

  it('keeps the texts a dev rebuild did not ask for (its memo had those pages), and drops them in a build', async () => {
    const { root, file } = await cachedOnce();
    const rebuild = await FrontmatterCache.open({ root });
    rebuild.parse('\ntitle: B\ntags: [b]\n', {});
    await rebuild.save({ prune: false });
    expect([...(await readCache<Map<string, unknown>>(file, await codeVersion()))!.keys()].sort()).toEqual([
      '\ntitle: A\ntags: [a]\n',
      '\ntitle: B\ntags: [b]\n',
    ]);
    const build = await FrontmatterCache.open({ root });
    build.parse('\ntitle: B\ntags: [b]\n', {});
    await build.save();
    expect([...(await readCache<Map<string, unknown>>(file, await codeVersion()))!.keys()]).toEqual([
      '\ntitle: B\ntags: [b]\n',
    ]);
  });

  it('reads plain string lines without the stored file, and keeps none of them', async () => {
    const { root, file } = await cachedOnce();
    await writeFile(file, 'not a cache'); // unread by what follows
    const lines = {};
    const next = await FrontmatterCache.open({ root });
    // As the content stage reads frontmatter: plain string lines never reach the cache.
    const parse = (text: string) => parseFrontmatterYaml(text, lines, (yaml, own) => next.parse(yaml, own));
    expect(parse('\ntitle: "Plain"\ndescription: Text\n')).toEqual({ title: 'Plain', description: 'Text' });
    expect(lines).toEqual({ title: 2, description: 3 });
    await next.save({ prune: false });
    expect(await readFile(file, 'utf8')).toBe('not a cache');
  });

  it('hands out copies: a page completing its frontmatter does not change the next one', async () => {
    const cache = await FrontmatterCache.open({ root: await tempRoot() });
    const value = cache.parse('\ntitle: A\ntags: [a]\n', {}) as { title: string; tags: string[] };
    value.tags.push('changed');
    value.title = 'changed';
    expect(cache.parse('\ntitle: A\ntags: [a]\n', {})).toEqual({ title: 'A', tags: ['a'] });
  });

  it('keeps no text that fails to parse, so its problem shows every build', async () => {
    const root = await tempRoot();
    const problems = new Problems();
    const raw = '---\ntitle: A: B\ndescription: x\n---\n\nBody\n';
    for (let build = 0; build < 2; build++) {
      const cache = await FrontmatterCache.open({ root });
      parseSource(raw, 'page.md', path.join(root, 'content/page.md'), problems, cache);
      await cache.save();
    }
    expect(problems.list.map((p) => [p.message.split(':')[0], p.place.line])).toEqual([
      ['malformed YAML frontmatter', 2],
      ['malformed YAML frontmatter', 2],
    ]);
  });

  it('gives the page the same frontmatter from the cache as from the YAML', async () => {
    const root = await tempRoot();
    const raw = '---\ntitle: "Configuring regions"\ndescription: Learn how.\norder: 3\nprev: false\n---\n\nBody\n';
    const plain = parseSource(raw, 'page.md', '/x/content/page.md', new Problems());
    for (let build = 0; build < 2; build++) {
      const cache = await FrontmatterCache.open({ root });
      expect(parseSource(raw, 'page.md', '/x/content/page.md', new Problems(), cache)).toEqual(plain);
      await cache.save();
    }
  });
});
