import { existsSync } from 'node:fs';
import { appendFile, readdir, readFile, realpath, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../../src/build/index.js';
import { cachePath, sha1, writeCache } from '../../../src/incremental/cache.js';
import { loadConfig } from '../../../src/config/index.js';
import { layoutKeysMade } from '../../../src/pages/layout-keys.js';
import { BuildFailure } from '../../../src/model/errors.js';
import type { Logger } from '../../../src/build/log.js';
import { bytes, expectSameAsFullBuild, listFiles } from '../../helpers/full-build.js';
import { REPO } from '../../helpers/site.js';
import { configFile, editFile, page, tmpSite } from '../../helpers/tmp-site.js';

/** Two groups of pages (the generated sidebar makes one per folder), linked across groups. */
const SITE = {
  'content/index.md': page('Home', 'Start with [the first guide](guide/one.md).'),
  'content/guide/one.md': page(
    'Guide one',
    'See [guide two](two.md) and [the reference](../reference/alpha.md).\n\n## Setup\n\nText.',
  ),
  'content/guide/two.md': page('Guide two', 'Back to [guide one](one.md#setup).'),
  'content/guide/three.md': page('Guide three', 'More on [guide two](two.md).'),
  'content/reference/alpha.md': page('Alpha', 'Read [beta](beta.md).'),
  'content/reference/beta.md': page('Beta', 'Read [alpha](alpha.md).'),
};

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function setUp(files: Record<string, string> = SITE) {
  const site = await tmpSite(files);
  cleanup = site.cleanup;
  const outDir = path.join(site.root, 'dist');
  const edit = (file: string, contents: string) => writeFile(path.join(site.root, 'content', file), contents);
  const configure = (config: Record<string, unknown>) =>
    writeFile(path.join(site.root, 'docs.config.ts'), configFile(config).replace(/__SRC__/g, path.join(REPO, 'src')));
  return { root: site.root, outDir, edit, configure, build: () => build(site.root, { outDir }) };
}

const inode = async (file: string) => (await stat(file)).ino;

describe('build: unchanged pages keep their files', () => {
  it('renders every page the first time and none when nothing changed, leaving the output as it was', async () => {
    const site = await setUp();
    expect((await site.build()).rendered).toBe(6);
    const before = { dir: await inode(site.outDir), home: await inode(path.join(site.outDir, 'index.html')) };
    const again = await site.build();
    expect(again.rendered).toBe(0);
    expect(await inode(site.outDir)).toBe(before.dir);
    expect(await inode(path.join(site.outDir, 'index.html'))).toBe(before.home);
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('renders only the edited page when its text changes, keeps the other files (hard links), and equals a full build', async () => {
    const site = await setUp();
    await site.build();
    const before = {
      version: await realpath(site.outDir),
      other: await inode(path.join(site.outDir, 'reference/alpha/index.html')),
    };
    await site.edit('guide/two.md', page('Guide two', 'Back to [guide one](one.md#setup). A sentence added later.'));
    expect((await site.build()).rendered).toBe(1);
    expect(await readFile(path.join(site.outDir, 'guide/two/index.html'), 'utf8')).toContain('A sentence added later.');
    // A new version of the site, in which the other pages' files are the same files; the previous version is gone.
    expect(await realpath(site.outDir)).not.toBe(before.version);
    expect(await inode(path.join(site.outDir, 'reference/alpha/index.html'))).toBe(before.other);
    expect(existsSync(before.version)).toBe(false);
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('handles a page that becomes a file of the same name (a folder path turned into a file)', async () => {
    const site = await setUp();
    await site.build();
    await rm(path.join(site.root, 'content/reference/beta.md'));
    await site.edit(
      'index.md',
      page('Home', 'Start with [the first guide](guide/one.md). Get [beta](reference/beta).'),
    );
    await site.edit('reference/alpha.md', page('Alpha', 'No more links.'));
    await writeFile(path.join(site.root, 'content/reference/beta'), 'a download\n');
    await site.build();
    expect(await readFile(path.join(site.outDir, 'reference/beta'), 'utf8')).toBe('a download\n');
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('renders the pages whose sidebar or prev/next shows a changed title, not the other group', async () => {
    const site = await setUp();
    await site.build();
    await site.edit('guide/three.md', page('Guide three, renamed', 'More on [guide two](two.md).'));
    const result = await site.build();
    // The guide group's three pages show its links; the reference pages show only group titles.
    expect(result.rendered).toBe(3);
    expect(await readFile(path.join(site.outDir, 'guide/one/index.html'), 'utf8')).toContain('Guide three, renamed');
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it("lays out only the edited page when its text changes (the other pages' layout keys are the last build's), and every page when a title changes", async () => {
    const site = await setUp();
    await site.build();
    // A fresh process's build: only the store on disk knows the last build's keys.
    let before = layoutKeysMade();
    await site.edit('guide/two.md', page('Guide two', 'Back to [guide one](one.md#setup), edited.'));
    expect((await site.build()).rendered).toBe(1);
    expect(layoutKeysMade() - before).toBe(1);
    await expectSameAsFullBuild(site.root, site.outDir);
    // A title other pages show: another plan, every key made again, and the pages that show it rendered.
    before = layoutKeysMade();
    await site.edit('guide/three.md', page('Guide three, renamed', 'More on [guide two](two.md).'));
    expect((await site.build()).rendered).toBe(3);
    expect(layoutKeysMade() - before).toBe(6);
    expect(await readFile(path.join(site.outDir, 'guide/one/index.html'), 'utf8')).toContain('Guide three, renamed');
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it("renders pages again from cached records, each with its own Markdown (the cache keeps a page's body once), as a build without a cache does", async () => {
    const site = await setUp({
      ...SITE,
      'docs.config.ts': configFile({ title: 'Cached', constants: { limit: '512KB' } }),
      'content/guide/one.md': page('Guide one', 'The limit is %{limit}. See [guide two](two.md).\n\n## Setup\n\nText.'),
    });
    await site.build();
    // The group's other pages show the new title: rendered again from their cached records.
    await site.edit('guide/three.md', page('Guide three, renamed', 'More on [guide two](two.md).'));
    expect((await site.build()).rendered).toBe(3);
    expect(await readFile(path.join(site.outDir, 'guide/one/index.md'), 'utf8')).toContain('The limit is 512KB.');
    expect(await readFile(path.join(site.outDir, 'guide/two/index.md'), 'utf8')).toContain('Back to [guide one]');
    await rm(cachePath({ root: site.root }, 'markdown'), { recursive: true, force: true });
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it("changes each page once by a plugin's hook that edits the pages in place, however many builds take them as parsed before", async () => {
    const site = await setUp({
      ...SITE,
      'docs.config.ts': `export default {
  title: 'Hooked',
  plugins: [
    {
      name: 'beta-marker',
      pages({ sources }) {
        for (const source of sources)
          if (source.route.startsWith('/reference/')) {
            source.frontmatter.title += ' (beta)';
            source.body += '\\n\\nThis part is in beta.\\n';
          }
      },
    },
  ],
};
`,
    });
    await site.build();
    for (const text of ['Back to guide one, edited.', 'Back to guide one, edited again.']) {
      await site.edit('guide/two.md', page('Guide two', text));
      await site.build();
    }
    const alpha = await readFile(path.join(site.outDir, 'reference/alpha/index.html'), 'utf8');
    expect(alpha.match(/This part is in beta\./g)).toHaveLength(1);
    expect(alpha).toContain('Alpha (beta)');
    expect(alpha).not.toContain('(beta) (beta)');
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('follows pages that are added and deleted', async () => {
    const site = await setUp();
    await site.build();
    await rm(path.join(site.root, 'content/reference/beta.md'));
    await site.edit('reference/alpha.md', page('Alpha', 'No more links.'));
    await site.edit('reference/gamma.md', page('Gamma', 'Read [alpha](alpha.md).'));
    await site.build();
    expect(await listFiles(site.outDir)).not.toContain('reference/beta/index.html');
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('reads a kept page again under a stricter limit: a page that fits no more fails as in a build without a cache', async () => {
    // Its frontmatter makes it large, its body stays small: only the read of the whole file sees it.
    const tags = Array.from({ length: 200 }, (_, i) => `  - tag number ${i}`).join('\n');
    const site = await setUp({
      ...SITE,
      'content/reference/beta.md': `---\ntitle: Beta\ndescription: The beta page.\ntags:\n${tags}\n---\n\nRead [alpha](alpha.md).\n`,
      'docs.config.ts': configFile({ frontmatter: { tags: 'list' } }),
    });
    await site.build();
    await site.configure({ frontmatter: { tags: 'list' }, limits: { pageBytes: 2048 } });
    const failure = await site.build().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(BuildFailure);
    expect((failure as BuildFailure).format()).toMatch(/reference\/beta\.md[\s\S]*over the limit of 2 KB/);
  });

  it('rebuilds the search index when its settings change, not only its text', async () => {
    const site = await setUp({
      ...SITE,
      'docs.config.ts': configFile({ search: { synonyms: [['guide', 'manual']] } }),
    });
    await site.build();
    await site.configure({ search: { synonyms: [['alpha', 'first']] } });
    await site.build();
    expect(JSON.parse(await readFile(path.join(site.outDir, 'search.json'), 'utf8')).synonyms).toEqual([
      ['alpha', 'first'],
    ]);
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('keeps the search files when an edit changes nothing search shows, and rebuilds them when it does', async () => {
    const site = await setUp();
    await site.build();
    const search = path.join(site.outDir, 'search.json');
    const before = await inode(search);
    // Code blocks are not indexed: the page is rendered again, the index is kept (the same file, linked).
    await site.edit('guide/two.md', page('Guide two', 'Back to [guide one](one.md#setup).\n\n```sh\nconduit run\n```'));
    expect((await site.build()).rendered).toBe(1);
    expect(await inode(search)).toBe(before);
    await expectSameAsFullBuild(site.root, site.outDir);
    await site.edit('guide/two.md', page('Guide two', 'Back to [guide one](one.md#setup). Searchable words.'));
    await site.build();
    expect(await inode(search)).not.toBe(before);
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it("keeps the search index's blocks of page files whose pages search shows as before", async () => {
    // 101 pages: two blocks of page files (PAGE_BLOCK is 100); the edit is in the second.
    const files: Record<string, string> = { 'content/index.md': page('Home', 'Start here.') };
    for (let i = 1; i <= 100; i++)
      files[`content/p/${String(i).padStart(3, '0')}.md`] = page(`Page ${i}`, `Text ${i}.`);
    const site = await setUp(files);
    await site.build();
    const pageFile = async (n: number) =>
      (await listFiles(site.outDir)).find((f) => new RegExp(`^assets/search/p/\\d+\\.\\w+/${n}\\.json$`).test(f))!;
    const first = { path: await pageFile(3), inode: await inode(path.join(site.outDir, await pageFile(3))) };
    const last = await pageFile(100);
    await site.edit('p/100.md', page('Page 100', 'Text 100, edited.'));
    await site.build();
    // The first block is the same file; the second moved to the folder of its new hash.
    expect(await pageFile(3)).toBe(first.path);
    expect(await inode(path.join(site.outDir, first.path))).toBe(first.inode);
    expect(await pageFile(100)).not.toBe(last);
    await expectSameAsFullBuild(site.root, site.outDir);
  }, 600_000);

  it('keeps no search file that another output folder holds from another search input', async () => {
    const site = await setUp({
      ...SITE,
      'docs.config.ts': configFile({ search: { synonyms: [['guide', 'manual']] } }),
    });
    const other = path.join(site.root, 'other-out');
    await site.build();
    await site.configure({ search: { synonyms: [['alpha', 'first']] } });
    await build(site.root, { outDir: other }); // the cache now describes this input's files
    await site.build(); // the same input, into the first folder: its search.json is the older one
    expect(JSON.parse(await readFile(path.join(site.outDir, 'search.json'), 'utf8')).synonyms).toEqual([
      ['alpha', 'first'],
    ]);
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('repairs the output where it was changed by hand: files deleted, edited or added', async () => {
    const site = await setUp();
    await site.build();
    const css = (await listFiles(site.outDir)).find((f) => /^assets\/style\..*\.css$/.test(f))!;
    await rm(path.join(site.outDir, css));
    await rm(path.join(site.outDir, 'sitemap.xml'));
    await writeFile(path.join(site.outDir, 'robots.txt'), 'edited by hand');
    await writeFile(path.join(site.outDir, 'search.json'), '{}');
    await writeFile(path.join(site.outDir, 'reference/beta/index.html'), 'edited by hand');
    await writeFile(path.join(site.outDir, 'stray.txt'), 'added by hand');
    expect((await site.build()).rendered).toBe(1);
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('removes every file of a deleted page, even one already deleted by hand', async () => {
    const site = await setUp();
    await site.build();
    await rm(path.join(site.outDir, 'guide/three/index.md'));
    await rm(path.join(site.root, 'content/guide/three.md'));
    await site.build();
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it("assembles llms-full.txt from the kept pages' Markdown, made again where a piece was edited or deleted by hand", async () => {
    const site = await setUp();
    await site.build();
    await site.edit('guide/two.md', page('Guide two', 'Back to [guide one](one.md#setup), edited.'));
    await writeFile(path.join(site.outDir, 'reference/alpha/index.md'), '# Not alpha\n');
    await rm(path.join(site.outDir, 'reference/beta/index.md'));
    expect((await site.build()).rendered).toBe(3);
    const full = await readFile(path.join(site.outDir, 'llms-full.txt'), 'utf8');
    expect(full).toContain('edited.');
    expect(full).not.toContain('Not alpha');
    expect(full).toContain('# Beta');
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('makes llms-full.txt and pages.json from the previous files after edits that move, add and remove pieces', async () => {
    const files: Record<string, string> = { ...SITE };
    for (let i = 0; i < 12; i++) files[`content/more/p${i}.md`] = page(`More ${i}`, `Text of page ${i}.`);
    const site = await setUp(files);
    await site.build();
    const llms = path.join(site.outDir, 'llms-full.txt');
    // A longer piece in the middle (the rest moves), then a shorter one, a page added, a page removed.
    const edits: (() => Promise<unknown>)[] = [
      () => site.edit('more/p5.md', page('More 5', `Text of page 5, ${'now much longer. '.repeat(40)}`)),
      () => site.edit('more/p5.md', page('More 5', 'Short.')),
      () => site.edit('more/p0.md', page('More 0', 'Text of page 0, edited. ✓ Ünïcode.')),
      () => site.edit('more/p10b.md', page('More 10b', 'A page added between two.')),
      () => unlink(path.join(site.root, 'content/more/p3.md')),
      () => site.edit('guide/three.md', page('Guide three', 'More on [guide two](two.md), and edited.')),
    ];
    for (const edit of edits) {
      const before = await readFile(llms, 'utf8');
      await edit();
      await site.build();
      expect(await readFile(llms, 'utf8')).not.toBe(before);
      await expectSameAsFullBuild(site.root, site.outDir);
    }
  });

  it('trusts no file that another build put in the output folder', async () => {
    // Site B differs from A only in its configuration (an analytics tag on every page).
    const a = await setUp();
    const b = await tmpSite({ ...SITE, 'docs.config.ts': configFile({ analytics: { containerId: 'GTM-ABC123' } }) });
    const shared = path.join(a.root, 'shared-out');
    try {
      await build(a.root, { outDir: shared });
      await build(b.root, { outDir: shared });
      await build(a.root, { outDir: shared });
      expect(await readFile(path.join(shared, 'guide/one/index.html'), 'utf8')).not.toContain('GTM-ABC123');
      await expectSameAsFullBuild(a.root, shared);
    } finally {
      await b.cleanup();
    }
  });

  it('ignores an output manifest of another format (one from an older version)', async () => {
    const site = await setUp();
    await site.build();
    const manifest = cachePath({ root: site.root }, `output-${sha1(site.outDir).slice(0, 12)}.v8`);
    expect((await readdir(path.dirname(manifest))).includes(path.basename(manifest))).toBe(true);
    await writeCache(manifest, site.outDir, { pages: new Map(), siteFiles: new Map() });
    await site.edit('guide/two.md', page('Guide two', 'Edited after an upgrade.'));
    await site.build();
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('builds right when the parsed pages kept by their stamps are corrupt or deleted (src/incremental/source-cache.ts)', async () => {
    const site = await setUp();
    await site.build();
    const dir = cachePath({ root: site.root }, 'sources');
    const shards = (await readdir(dir)).filter((f) => f.endsWith('.v8'));
    expect(shards.length).toBeGreaterThan(0);
    for (const shard of shards) await writeFile(path.join(dir, shard), 'not a shard');
    await site.edit('guide/two.md', page('Guide two', 'Back to [guide one](one.md#setup), after the cache broke.'));
    expect((await site.build()).renderedRoutes).toEqual(['/guide/two/']);
    await expectSameAsFullBuild(site.root, site.outDir);
    await rm(dir, { recursive: true, force: true });
    await site.edit('guide/three.md', page('Guide three, renamed', 'More on [guide two](two.md).'));
    await site.build();
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('writes again a file deleted from the output by hand', async () => {
    const site = await setUp();
    await site.build();
    await rm(path.join(site.outDir, 'guide/one/index.html'));
    expect((await site.build()).rendered).toBe(1);
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('leaves the output untouched by a failed build, and the next build is still whole', async () => {
    const site = await setUp();
    await site.build();
    const before = await listFiles(site.outDir);
    await site.edit('guide/two.md', page('Guide two', 'A link to [nowhere](missing.md).'));
    await expect(site.build()).rejects.toBeInstanceOf(BuildFailure);
    expect(await listFiles(site.outDir)).toEqual(before);
    expect(await readdir(site.root)).not.toContainEqual(expect.stringMatching(/^dist\./));
    await site.edit('guide/two.md', page('Guide two', 'Fixed: back to [guide one](one.md).'));
    expect((await site.build()).rendered).toBe(1);
    await expectSameAsFullBuild(site.root, site.outDir);
  });
});

// The last build's record (src/incremental/build-record.ts): a build whose inputs have not changed since, while
// the output is the version that build left, reads and writes nothing; any other change builds.

const RECORD_SITE = {
  'docs.config.ts': configFile({ title: 'Record', siteUrl: 'https://example.com', constants: { limit: '512KB' } }),
  'content/index.md': page('Home', 'Start with [the first guide](guide/one.md). The limit is %{limit}.'),
  'content/guide/one.md': page('Guide one', 'See [guide two](two.md).\n\n## Setup\n\nText.'),
  'content/guide/two.md': page('Guide two', 'Back to [guide one](one.md#setup).'),
  'content/reference/alpha.md': page('Alpha', 'Read [the guide](../guide/one.md).'),
};

async function setUpRecorded(files: Record<string, string> = RECORD_SITE) {
  const site = await tmpSite(files);
  cleanup = site.cleanup;
  const outDir = path.join(site.root, 'dist');
  /** A build as the CLI runs it, with the stages it went through. */
  const run = async () => {
    const stages: string[] = [];
    const logger: Logger = { stage: (label) => stages.push(label), info() {}, error() {} };
    const result = await build(site.root, { outDir, logger });
    return { result, stages };
  };
  return { root: site.root, outDir, run, file: (name: string) => path.join(site.root, name) };
}

/** A build that found nothing to do: the configuration and the inputs' stats, nothing more. */
const UNCHANGED = ['config', 'inputs'];

describe('build: the last build record', () => {
  it('does nothing when no input changed, and reports what the last build reported', async () => {
    const site = await setUpRecorded();
    const first = await site.run();
    expect(first.result.rendered).toBe(4);
    expect(first.stages).toContain('pages');
    const again = await site.run();
    expect(again.stages).toEqual(UNCHANGED);
    expect(again.result).toMatchObject({ pages: 4, rendered: 0, redirects: 0, warnings: [] });
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('reports the warnings of the last build again', async () => {
    const site = await setUpRecorded({
      ...RECORD_SITE,
      'docs.config.ts': configFile({
        title: 'Record',
        constants: { limit: '512KB' },
        checks: { duplicateDescriptions: 'warning' },
      }),
      'content/guide/two.md': page('Guide two', 'Text.', { description: 'About guide one.' }),
    });
    const first = await site.run();
    expect(first.result.warnings.length).toBeGreaterThan(0);
    const again = await site.run();
    expect(again.stages).toEqual(UNCHANGED);
    expect(again.result.warnings.map(String)).toEqual(first.result.warnings.map(String));
  });

  // One site goes through every change in turn: each step ends with the record matching again (the
  // last assertion), which is where a fresh site's first build would leave it.
  it('builds again after each kind of change, the output equal to a full build each time', async () => {
    const changes: [string, (file: (name: string) => string) => Promise<unknown>][] = [
      ['an edited page', (f) => editFile(f('content/guide/two.md'), (t) => `${t}\nMore text.\n`)],
      ['a page edited to the same size', (f) => editFile(f('content/guide/two.md'), (t) => t.replace('Back', 'Bock'))],
      [
        'a title edit',
        (f) => editFile(f('content/guide/one.md'), (t) => t.replace('title: Guide one', 'title: Guide 1')),
      ],
      [
        'a deleted page',
        async (f) => {
          await unlink(f('content/guide/two.md'));
          await editFile(f('content/guide/one.md'), (t) => t.replace('See [guide two](two.md).', 'See nothing.'));
        },
      ],
      [
        'a renamed page',
        async (f) => {
          await rename(f('content/reference/alpha.md'), f('content/reference/omega.md'));
        },
      ],
      ['a page added', (f) => writeFile(f('content/guide/three.md'), page('Guide three', 'New.'))],
      ['a constant edited', (f) => editFile(f('docs.config.ts'), (t) => t.replace('512KB', '1MB'))],
    ];
    const site = await setUpRecorded();
    await site.run();
    for (const [what, change] of changes) {
      await change(site.file);
      expect((await site.run()).stages, what).toContain('pages');
      await expectSameAsFullBuild(site.root, site.outDir);
      expect((await site.run()).stages, what).toEqual(UNCHANGED);
    }
  });

  it('builds when the record is missing or unreadable, and the output is still right', async () => {
    const site = await setUpRecorded();
    await site.run();
    const config = await loadConfig(site.root, { outDir: site.outDir });
    const record = cachePath(config, `last-build-${sha1(config.outDir).slice(0, 12)}.v8`);
    await writeFile(record, 'not a record');
    expect((await site.run()).stages).toContain('plan');
    await expectSameAsFullBuild(site.root, site.outDir);
    await rm(record);
    expect((await site.run()).stages).toContain('plan');
    expect((await site.run()).stages).toEqual(UNCHANGED);
  });

  it('builds when the output was altered by hand (a file edited, deleted or added), and repairs it', async () => {
    const alterations: [string, (out: string) => Promise<unknown>][] = [
      ['a file edited in place', (out) => appendFile(path.join(out, 'guide/one/index.html'), '<!-- by hand -->')],
      ['a file deleted', (out) => unlink(path.join(out, 'guide/two/index.html'))],
      ['a file added', (out) => writeFile(path.join(out, 'stray.txt'), 'by hand')],
    ];
    const site = await setUpRecorded();
    await site.run();
    for (const [what, alter] of alterations) {
      await alter(site.outDir);
      expect((await site.run()).stages, what).toContain('plan');
      await expectSameAsFullBuild(site.root, site.outDir);
      expect((await site.run()).stages, what).toEqual(UNCHANGED);
    }
  });

  it('builds when the output folder is gone or another version', async () => {
    const site = await setUpRecorded();
    await site.run();
    await rm(site.outDir);
    expect((await site.run()).stages).toContain('plan');
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('keeps no record for a build that fails, and the next build after the fix is a full one', async () => {
    const site = await setUpRecorded();
    await site.run();
    await editFile(site.file('content/guide/two.md'), (t) => t.replace('one.md#setup', 'one.md#nowhere'));
    await expect(site.run()).rejects.toThrow();
    await expect(site.run()).rejects.toThrow(); // the same inputs fail again: nothing recorded for them
    await editFile(site.file('content/guide/two.md'), (t) => t.replace('one.md#nowhere', 'one.md#setup'));
    expect((await site.run()).stages).toContain('plan');
    await expectSameAsFullBuild(site.root, site.outDir);
  });
});
