import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachePath } from '../../src/incremental/cache.js';
import { loadConfig } from '../../src/config/index.js';
import { loadContentFiles } from '../../src/content/index.js';
import { Problems } from '../../src/model/errors.js';
import { bodyKey } from '../../src/content/page-body.js';
import { fileStamp, type FileStamp } from '../../src/incremental/file-identity.js';
import type { Changes } from '../../src/incremental/changes.js';
import { pageKey, SourceCache } from '../../src/incremental/source-cache.js';
import { ContentMemory } from '../../src/content/memory.js';

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

async function site(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'docs-sources-'));
  roots.push(root);
  await write(root, files);
  return root;
}

async function write(root: string, files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, 'content', file)), { recursive: true });
    await writeFile(path.join(root, 'content', file), text);
  }
}

const page = (title: string, body = 'Body.') => `---\ntitle: ${title}\ndescription: About ${title}.\n---\n\n${body}\n`;

/** The content stage as `build` runs it: with the stamps of the files given (else its own stat of each). */
async function load(root: string, stamps?: Map<string, FileStamp>) {
  const problems = new Problems();
  const { sources } = await loadContentFiles(await loadConfig(root), problems, stamps ? { stamps } : 'unknown');
  return { sources, problems: problems.list, byPath: new Map(sources.map((s) => [s.relativePath, s])) };
}

const stampsOf = (root: string, files: string[]) =>
  new Map(files.map((file) => [path.join(root, 'content', file), fileStamp(path.join(root, 'content', file))!]));

describe('source-cache', () => {
  it('takes a page whose file has the stamp it had as parsed then, without reading it', async () => {
    const root = await site({ 'index.md': page('Home'), 'guide.md': page('Guide') });
    const stamps = stampsOf(root, ['index.md', 'guide.md']);
    await load(root, stamps);
    // Rewritten, but stamped as before: the page comes from the cache, not from the file.
    await write(root, { 'guide.md': page('Changed') });
    expect((await load(root, stamps)).byPath.get('guide.md')!.frontmatter.title).toBe('Guide');
    // Its real stamp differs: read and parsed again.
    const again = await load(root);
    expect(again.byPath.get('guide.md')!.frontmatter.title).toBe('Changed');
    expect(again.byPath.get('index.md')!.frontmatter.title).toBe('Home');
  });

  it("gives a kept page's body as parsed, read when first asked for, and its digest as the parsed page's", async () => {
    const text = 'Grüße — 日本語, and an include:\n\n<!--@include: ./_parts/note.md-->';
    const root = await site({ 'index.md': page('Home', text), '_parts/note.md': 'A note.\n' });
    const stamps = stampsOf(root, ['index.md']);
    const parsed = (await load(root, stamps)).byPath.get('index.md')!;
    const kept = (await load(root, stamps)).byPath.get('index.md')!;
    expect(kept).not.toBe(parsed);
    expect(bodyKey(kept)).toBe(bodyKey(parsed));
    expect(kept.body).toBe(parsed.body);
    expect(kept.body).toContain('Grüße — 日本語');
    expect(kept.body).toContain('A note.');
    // A hook may replace a body (the OpenAPI reference appends to its pages'): the digest follows.
    const before = bodyKey(parsed);
    kept.body = `${kept.body}\nMore.`;
    expect(kept.body.endsWith('More.')).toBe(true);
    expect(bodyKey(kept)).not.toBe(before);
    // A page parsed this build, its body replaced by plain assignment after its digest was taken: the same.
    parsed.body = `${parsed.body}\nMore.`;
    expect(bodyKey(parsed)).toBe(bodyKey(kept));
  });

  it('parses a page again when a partial it takes in changes, even if the page itself did not', async () => {
    const root = await site({
      'index.md': page('Home', '<!--@include: ./_parts/note.md-->'),
      '_parts/note.md': 'First note.\n',
    });
    expect((await load(root)).byPath.get('index.md')!.body).toContain('First note.');
    await write(root, { '_parts/note.md': 'Second note, longer.\n' });
    expect((await load(root)).byPath.get('index.md')!.body).toContain('Second note, longer.');
  });

  it('keeps no page with a problem: its message shows on every build', async () => {
    const root = await site({
      'index.md': page('Home'),
      'bad.md': '---\ntitle: Bad\ndescription: A page with a wrong layout.\nlayout: wide\n---\n\nText.\n',
    });
    for (let run = 0; run < 2; run++) {
      const { problems } = await load(root);
      expect(problems.map((p) => p.place.file)).toEqual(['bad.md']);
    }
  });

  it('parses every page again when its shards are corrupt, and gives the same pages', async () => {
    const root = await site({ 'index.md': page('Home'), 'a/b.md': page('B', 'Text of b.') });
    const first = await load(root);
    const dir = path.join(root, 'node_modules/.cache/docs/sources');
    const shards = (await readdir(dir)).filter((f) => f.endsWith('.v8'));
    expect(shards.length).toBeGreaterThan(0);
    for (const shard of shards) await writeFile(path.join(dir, shard), 'not a shard');
    const again = await load(root);
    expect(again.problems).toEqual([]);
    expect(again.sources).toEqual(first.sources);
  });

  it('hands a kept page out once: asked again, it gives the page as kept, not as a hook left it', async () => {
    // Two pages of one shard decoded together, the second asked for after the first was edited in place.
    const root = await site({ 'index.md': page('Home'), 'guide.md': page('Guide', 'Guide body.') });
    await load(root);
    const store = await SourceCache.open(await loadConfig(root));
    const stampNow = (name: string) => fileStamp(path.join(root, 'content', name));
    const first = store.get('guide.md', stampNow('guide.md'), stampNow)!.source;
    first.frontmatter.title = 'Edited by a hook';
    first.body = 'A body a hook replaced.';
    const again = store.get('guide.md', stampNow('guide.md'), stampNow)!.source;
    expect(again).not.toBe(first);
    expect([again.frontmatter.title, again.body]).toEqual(['Guide', '\nGuide body.\n']);
    expect(store.get('index.md', stampNow('index.md'), stampNow)!.source.frontmatter.title).toBe('Home');
  });

  it('drops a deleted page and finds a renamed one at its new path', async () => {
    const root = await site({ 'index.md': page('Home'), 'old.md': page('Moved') });
    await load(root);
    await rm(path.join(root, 'content/old.md'));
    await write(root, { 'new.md': page('Moved') });
    const { sources } = await load(root);
    expect(sources.map((s) => [s.relativePath, s.route])).toEqual([
      ['index.md', '/'],
      ['new.md', '/new/'],
    ]);
  });

  it("keeps the bodies beside the shards: an edit rewrites its shard's, and its other pages keep theirs", async () => {
    // Two pages of one shard (by the hash of their paths), so that one's edit rewrites the other's shard.
    const shardOf = (file: string) => pageKey(file).slice(0, 2);
    const names = Array.from({ length: 400 }, (_, i) => `p${i}.md`);
    const first = names.find((a) => names.some((b) => b !== a && shardOf(b) === shardOf(a)))!;
    const second = names.find((b) => b !== first && shardOf(b) === shardOf(first))!;
    const root = await site({ [first]: page('First', 'First body.'), [second]: page('Second', 'Second body.') });
    await load(root);
    const dir = cachePath({ root }, 'sources');
    const shard = await readFile(path.join(dir, `values-${shardOf(first)}.v8`));
    expect(shard.includes('Second body.')).toBe(false); // read by every build: no bodies
    expect((await readFile(path.join(dir, `bodies-${shardOf(first)}.v8`))).includes('Second body.')).toBe(true);
    const stamps = stampsOf(root, [second]);
    await write(root, { [first]: page('First', 'First body, edited.') });
    const edited = await load(root, stamps);
    expect(edited.byPath.get(first)!.body).toContain('First body, edited.');
    expect(edited.byPath.get(second)!.body).toContain('Second body.');
    // The second page, rewritten but stamped as before, comes from the cache: its body was carried over.
    await write(root, { [second]: page('Second', 'Second body, changed unseen.') });
    const again = await load(root, stamps);
    expect(again.byPath.get(second)!.body).toContain('Second body.');
    expect(again.byPath.get(first)!.body).toContain('First body, edited.');
    // Without its bodies file the cache gives no page of that shard: each is read again.
    await rm(path.join(dir, `bodies-${shardOf(first)}.v8`));
    expect((await load(root, stamps)).byPath.get(second)!.body).toContain('Second body, changed unseen.');
  });
});

describe('source-cache, held in memory (dev)', () => {
  /** `dev`'s stores, kept between its builds. */
  async function devStores(root: string) {
    const config = await loadConfig(root);
    return {
      config,
      sources: await SourceCache.open(config, { memory: true }),
      content: new ContentMemory(config.contentDir),
    };
  }
  type DevStores = Awaited<ReturnType<typeof devStores>>;
  /** One `dev` build's content stage: `named`, the files the watcher named since the last (relative to content/). */
  async function devLoad(root: string, stores: DevStores, named?: string[]) {
    const problems = new Problems();
    const changes: Changes = named ? { named: new Set(named.map((f) => path.join(root, 'content', f))) } : 'unknown';
    const { sources } = await loadContentFiles(stores.config, problems, changes, stores);
    return { problems: problems.list, byPath: new Map(sources.map((s) => [s.relativePath, s])) };
  }

  it('takes a page the watcher did not name as held, unread, and reads one it named', async () => {
    const root = await site({ 'index.md': page('Home'), 'guide.md': page('Guide') });
    const stores = await devStores(root);
    await devLoad(root, stores);
    await write(root, { 'guide.md': page('Changed') });
    expect((await devLoad(root, stores, ['index.md'])).byPath.get('guide.md')!.frontmatter.title).toBe('Guide');
    expect((await devLoad(root, stores, ['guide.md'])).byPath.get('guide.md')!.frontmatter.title).toBe('Changed');
  });

  it('gives a held page with problems its problems again on every build', async () => {
    const bad = '---\ntitle: Bad\ndescription: A page with a wrong layout.\nlayout: wide\n---\n\nText.\n';
    const root = await site({ 'index.md': page('Home'), 'bad.md': bad });
    const stores = await devStores(root);
    for (const named of [undefined, [], ['index.md']]) {
      const { problems } = await devLoad(root, stores, named);
      expect(problems.map((p) => [p.place.file, p.message])).toEqual([
        ['bad.md', 'frontmatter "layout" must be "doc", "page" or "home"'],
      ]);
    }
  });

  it('parses a held page again when a partial it takes in changed, whether or not the watcher named it', async () => {
    const root = await site({
      'index.md': page('Home', '<!--@include: ./_parts/note.md-->'),
      '_parts/note.md': 'First note.\n',
    });
    const stores = await devStores(root);
    await devLoad(root, stores);
    await write(root, { '_parts/note.md': 'Second note, longer.\n' });
    expect((await devLoad(root, stores, [])).byPath.get('index.md')!.body).toContain('Second note, longer.');
    await write(root, { '_parts/note.md': 'Third note, longer still.\n' });
    expect((await devLoad(root, stores, ['_parts/note.md'])).byPath.get('index.md')!.body).toContain('Third note');
  });

  it('writes the disk store on its first build only, as `build` does, and a build then takes the pages from it', async () => {
    const root = await site({ 'index.md': page('Home'), 'guide.md': page('Guide') });
    const stamps = stampsOf(root, ['index.md', 'guide.md']);
    const stores = await devStores(root);
    await devLoad(root, stores);
    const dir = cachePath({ root }, 'sources');
    const written = await readdir(dir);
    expect(written.some((f) => f.startsWith('values-'))).toBe(true);
    await write(root, { 'guide.md': page('Changed') });
    expect((await devLoad(root, stores, ['guide.md'])).byPath.get('guide.md')!.frontmatter.title).toBe('Changed');
    expect(await readdir(dir)).toEqual(written);
    // Stamped as `dev`'s first build read it: the page as parsed then, from the disk.
    expect((await load(root, stamps)).byPath.get('guide.md')!.frontmatter.title).toBe('Guide');
  });

  it("holds the body of a page it took from a build's store, so a later build may replace the store's files", async () => {
    const root = await site({ 'index.md': page('Home', 'The body of home.') });
    await load(root);
    const stores = await devStores(root);
    await devLoad(root, stores);
    // Written over in place, as another process's build may: open descriptors read the new bytes.
    const dir = cachePath({ root }, 'sources');
    for (const file of await readdir(dir)) await writeFile(path.join(dir, file), 'not a shard');
    expect((await devLoad(root, stores, [])).byPath.get('index.md')!.body).toContain('The body of home.');
  });
});
