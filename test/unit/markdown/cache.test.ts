import { readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResolvedConfig } from '../../../src/config/index.js';
import { writeCache } from '../../../src/incremental/cache.js';
import { MarkdownCache } from '../../../src/incremental/markdown-cache.js';
import { checkedWhenKept } from '../../../src/incremental/record-parts.js';
import type { PageRecord, PageSource } from '../../../src/model/page.js';
import { tempFolders } from '../../helpers/tmp-site.js';

const tempFolder = tempFolders();

/** What the cache reads of a configuration. */
async function tempConfig(): Promise<ResolvedConfig> {
  const root = await tempFolder('docs-markdown-cache-');
  return {
    root,
    contentDir: path.join(root, 'content'),
    base: '/',
    constants: {},
    limits: {},
    security: {},
    markdown: {},
    checks: {},
    mdx: {},
  } as unknown as ResolvedConfig;
}

function source(relativePath: string, body = `Text of ${relativePath}.`): PageSource {
  return {
    file: `/content/${relativePath}`,
    relativePath,
    route: `/${relativePath.replace(/\.md$/, '/')}`,
    body,
    lineOffset: 3,
    frontmatter: { title: relativePath, description: 'd' },
    hash: `hash of ${relativePath} ${body}`,
  } as PageSource;
}

const record = (s: PageSource): PageRecord =>
  ({
    title: s.relativePath,
    html: `<p>${s.body}</p>`,
    sections: [{ slug: '', title: '', level: 2, text: s.body }],
  }) as PageRecord;

/** Forty pages: spread over many shards (a key's first two hex digits). */
const PAGES = Array.from({ length: 40 }, (_, i) => source(`guide/page-${i}.md`));

async function cacheWith(config: ResolvedConfig, sources: PageSource[]): Promise<MarkdownCache> {
  const cache = await MarkdownCache.open(config);
  for (const s of sources) cache.set(s, record(s));
  await cache.save();
  return cache;
}

const dir = (config: ResolvedConfig) => path.join(config.root, 'node_modules/.cache/docs/markdown');

/** Each shard file's inode: a rewritten file (written to a temporary file and renamed) gets a new one. */
async function inodes(config: ResolvedConfig): Promise<Map<string, number>> {
  const files = (await readdir(dir(config))).filter((f) => f.endsWith('.v8'));
  return new Map(await Promise.all(files.map(async (f) => [f, (await stat(path.join(dir(config), f))).ino] as const)));
}

function changedFiles(before: Map<string, number>, after: Map<string, number>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

/** Runs a build's use of the cache: every page looked up, the misses stored, then saved. */
async function rebuild(config: ResolvedConfig, sources: PageSource[]): Promise<{ hits: number }> {
  const cache = await MarkdownCache.open(config);
  let hits = 0;
  for (const s of sources) {
    const cached = cache.get(s);
    if (cached && (await cache.withHtml(s, cached))) hits++;
    else cache.set(s, record(s));
  }
  await cache.save();
  return { hits };
}

describe('markdown/cache: shards', () => {
  it('keeps every page between builds, in shards by key prefix', async () => {
    const config = await tempConfig();
    await cacheWith(config, PAGES);
    const files = await inodes(config);
    expect(files.size).toBeGreaterThan(10); // records and HTML files of many shards
    expect(await rebuild(config, PAGES)).toEqual({ hits: PAGES.length });
    const cache = await MarkdownCache.open(config);
    const cached = cache.get(PAGES[3])!;
    expect((await cache.withHtml(PAGES[3], cached))?.html).toBe('<p>Text of guide/page-3.md.</p>');
  });

  it('rewrites only the shards of an edited page (its old and new key), and nothing when nothing changed', async () => {
    const config = await tempConfig();
    await cacheWith(config, PAGES);
    const before = await inodes(config);
    await rebuild(config, PAGES);
    expect(changedFiles(before, await inodes(config))).toEqual([]);

    const edited = PAGES.map((s, i) => (i === 7 ? source(s.relativePath, 'An edited text.') : s));
    expect(await rebuild(config, edited)).toEqual({ hits: PAGES.length - 1 });
    const changed = changedFiles(before, await inodes(config));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThanOrEqual(6); // records, parts and HTML of at most two shards
    expect(await rebuild(config, edited)).toEqual({ hits: PAGES.length });
  });

  it('drops a deleted page and keeps a renamed one under its new path only', async () => {
    const config = await tempConfig();
    await cacheWith(config, PAGES);
    const renamed = source('guide/renamed.md', PAGES[5].body);
    const next = [...PAGES.slice(0, 5), renamed, ...PAGES.slice(6, 39)]; // page 5 renamed, page 39 deleted
    expect(await rebuild(config, next)).toEqual({ hits: next.length - 1 });
    // Only this build's pages were kept: the deleted and the old path are misses now.
    const cache = await MarkdownCache.open(config);
    expect(cache.get(PAGES[39])).toBeUndefined();
    expect(cache.get(PAGES[5])).toBeUndefined();
    expect(cache.get(renamed)).toBeDefined();
  });

  it('rebuilds a corrupt shard instead of trusting it, and keeps the others', async () => {
    const config = await tempConfig();
    const cache = await cacheWith(config, PAGES);
    const shard = cache.key(PAGES[0]).slice(0, 2);
    const inShard = PAGES.filter((s) => cache.key(s).startsWith(shard)).length;
    await writeFile(path.join(dir(config), `records-${shard}.v8`), 'not a serialized value');
    expect(await rebuild(config, PAGES)).toEqual({ hits: PAGES.length - inShard });
    expect(await rebuild(config, PAGES)).toEqual({ hits: PAGES.length });

    // Parts left by a build that died before writing their records: the records do not take them.
    const partsFile = path.join(dir(config), `parts-${shard}.v8`);
    await writeCache(partsFile, 'the salt of another build', new Map());
    expect(await rebuild(config, PAGES)).toEqual({ hits: PAGES.length - inShard });
    expect(await rebuild(config, PAGES)).toEqual({ hits: PAGES.length });

    // Lost HTML: the page is rendered again, not shown empty.
    await writeFile(path.join(dir(config), `html-${shard}.v8`), 'garbage');
    expect(await rebuild(config, PAGES)).toEqual({ hits: PAGES.length - inShard });
    expect(await rebuild(config, PAGES)).toEqual({ hits: PAGES.length });
  });

  it("reads a cached page's sections from its shard's file when they are first asked for", async () => {
    const config = await tempConfig();
    await cacheWith(config, PAGES);
    const cache = await MarkdownCache.open(config);
    const cached = cache.get(PAGES[9])!;
    const shard = cache.key(PAGES[9]).slice(0, 2);
    // Not read yet: a file made unreadable now would only show when they are.
    await writeFile(path.join(dir(config), `parts-${shard}.v8`), 'garbage');
    expect(() => cached.sections).toThrow(/cannot be read/);
    // Its records went with it: the next build renders those pages again rather than failing again.
    const inShard = PAGES.filter((s) => cache.key(s).startsWith(shard)).length;
    expect(await rebuild(config, PAGES)).toEqual({ hits: PAGES.length - inShard });
    await cacheWith(config, PAGES);
    const fresh = (await MarkdownCache.open(config)).get(PAGES[9])!;
    expect(fresh.sections).toEqual([{ slug: '', title: '', level: 2, text: 'Text of guide/page-9.md.' }]);
  });

  it('keeps nothing from a build whose checks found problems (a kept record counts as checked)', async () => {
    const config = await tempConfig();
    const cache = await MarkdownCache.open(config);
    for (const s of PAGES) cache.set(s, record(s));
    await cache.save({ checked: false });
    expect(await rebuild(config, PAGES)).toEqual({ hits: 0 });
    expect(await rebuild(config, PAGES)).toEqual({ hits: PAGES.length });
    const kept = (await MarkdownCache.open(config)).get(PAGES[0])!;
    expect(checkedWhenKept(kept)).toBe(true);
    expect(checkedWhenKept(record(PAGES[0]))).toBe(false);
  });

  it("lets a cached record's parts and Markdown be set, and the record is then no longer the cache's as kept", async () => {
    const config = await tempConfig();
    await cacheWith(config, PAGES);
    const cached = (await MarkdownCache.open(config)).get(PAGES[2])!;
    expect(cached.markdown).toBe(PAGES[2].body);
    const sections = [{ slug: 'new', title: 'New', level: 2 as const, text: 'Set by a plugin.' }];
    cached.sections = sections;
    cached.markdown = 'Set by a plugin.';
    expect(cached.sections).toBe(sections);
    expect(cached.markdown).toBe('Set by a plugin.');
    expect(checkedWhenKept(cached)).toBe(false);
  });
});
