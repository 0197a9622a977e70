import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../src/config/index.js';
import { checkOrphans } from '../../../src/checks/orphans.js';
import { checkLinks } from '../../../src/checks/site.js';
import { StoredLinkChecks } from '../../../src/checks/stored-links.js';
import { Problems } from '../../../src/model/errors.js';
import { linkKeys, withLinkKeys } from '../../../src/incremental/record-parts.js';
import { createSite, withSamePlan, type Site } from '../../../src/model/site.js';
import type { PageRecord } from '../../../src/model/page.js';
import { linkRecord, linkTo } from './harness.js';

const record = linkRecord;
const to = linkTo;

/**
 * The record as the Markdown cache hands out a kept one: its link keys known, its links and headings
 * read through getters that count the reads.
 */
function kept(page: PageRecord, reads: Set<string>): PageRecord {
  const keys = linkKeys(page);
  const copy = { ...page };
  for (const name of ['links', 'anchors', 'headers'] as const)
    Object.defineProperty(copy, name, {
      get: () => (reads.add(page.relativePath), page[name]),
      enumerable: true,
    });
  withLinkKeys(copy, keys);
  return copy;
}

/** What a full run of the links and orphans checks finds, as text. */
function full(site: Site): string[] {
  const links = new Problems();
  checkLinks(site, links);
  return [...links.list, ...checkOrphans(site)].map(String);
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docs-links-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** One build's run, in a process of its own: a new instance reading what the last stored. */
async function stored(site: Site): Promise<string[]> {
  const checks = new StoredLinkChecks(path.join(dir, 'link-checks.v8'));
  return [...(await checks.links(site)), ...(await checks.orphans(site))].map(String);
}

describe('checks/stored-links', () => {
  const config = { ...resolveConfig({ sidebar: [{ text: 'Start', items: ['/'] }] }, '/site'), contentDir: '/none' };
  const first = [
    record('index.md', [to('/a/'), to('/b/', 'intro')]),
    record('a.md', [to('/b/', 'setup')], ['top']),
    record('b.md', [to('/a/', 'top'), to('/nowhere/')], ['intro', 'setup']),
    record('c.md', [{ href: '#self', route: null, hash: 'self' }], ['self']),
  ];
  const replaced = (pages: PageRecord[], page: PageRecord) =>
    pages.map((p) => (p.relativePath === page.relativePath ? page : p));

  it('finds in each build what a full run finds, as a page and the headings it links to change', async () => {
    const builds: PageRecord[][] = [first];
    // b.md loses the heading a.md links to: a.md, unchanged, is now wrong.
    builds.push(replaced(builds.at(-1)!, record('b.md', [to('/a/', 'top'), to('/nowhere/')], ['intro'])));
    // index.md stops linking to a.md and links to c.md: c.md is no orphan now, a.md stays reached (b.md).
    builds.push(replaced(builds.at(-1)!, record('index.md', [to('/c/')])));
    // b.md gets its heading back, stops linking to a.md and to the missing page: a.md is an orphan.
    builds.push(replaced(builds.at(-1)!, record('b.md', [], ['intro', 'setup'])));
    // c.md renames the heading its own link points to.
    builds.push(replaced(builds.at(-1)!, record('c.md', [{ href: '#self', route: null, hash: 'self' }], ['other'])));
    // A page added: every page is looked at again.
    builds.push([...builds.at(-1)!, record('d.md', [to('/a/', 'nowhere')])]);
    for (const pages of builds) {
      const site = createSite(config, pages);
      expect(await stored(site)).toEqual(full(site));
    }
    // What the builds found changed on the way: a.md an orphan after the fourth, c.md's own heading gone in the fifth.
    expect(full(createSite(config, builds[3]))).toContainEqual(expect.stringMatching(/^a\.md:1 +orphan page: \/a\//));
    expect(full(createSite(config, builds[0]))).not.toContainEqual(expect.stringMatching(/#self/));
    expect(full(createSite(config, builds[4]))).toContainEqual(
      expect.stringMatching(/^c\.md:1 +link to a missing heading: #self/),
    );
  });

  it('names the file of a page renamed under the same route in the fix of a link to its headings', async () => {
    // b.md becomes b/index.md: same route, same headings; index.md's finding names the new file.
    const one = [record('index.md', [to('/b/', 'nope')]), record('b.md', [], ['intro'])];
    const two = [record('index.md', [to('/b/', 'nope')]), record('b/index.md', [], ['intro'])];
    for (const pages of [one, two]) {
      const site = createSite(config, pages);
      expect(await stored(site)).toEqual(full(site));
    }
    expect(full(createSite(config, two))).toContainEqual(expect.stringMatching(/b\/index\.md has no heading/));
  });

  it('reports a missing prev page at the line its key moved to, the links unchanged', async () => {
    const withPrev = (line: number): PageRecord => {
      const page = record('b.md', [], ['intro']);
      return {
        ...page,
        frontmatter: { ...page.frontmatter, prev: '/gone/' },
        keyLines: { title: line === 2 ? 3 : 2, prev: line },
      } as PageRecord;
    };
    for (const line of [2, 3]) {
      const site = createSite(config, [record('index.md', [to('/b/')]), withPrev(line)]);
      expect(await stored(site)).toEqual(full(site));
      expect(full(site)).toContainEqual(
        expect.stringMatching(new RegExp(`^b\\.md:${line} .*"prev" points to a missing page`)),
      );
    }
  });

  it("reads the links of the pages an edit changed, and of those that link to a changed page's headings, only", async () => {
    await stored(createSite(config, first));
    const reads = new Set<string>();
    // a.md's text changes, not its links or headings: no page's links are read.
    const textEdit = first.map((page) => kept(page, reads));
    textEdit[1] = record('a.md', [to('/b/', 'setup')], ['top']);
    expect(await stored(createSite(config, textEdit))).toEqual(full(createSite(config, first)));
    expect([...reads]).toEqual([]);
    // b.md loses a heading: b.md, and a.md and index.md, which link to its headings, are checked again.
    const headingEdit = replaced(first, record('b.md', [to('/a/', 'top'), to('/nowhere/')], ['intro']));
    const site = createSite(
      config,
      headingEdit.map((page) => kept(page, reads)),
    );
    expect(await stored(site)).toEqual(full(createSite(config, headingEdit)));
    expect([...reads].sort()).toEqual(['a.md', 'b.md', 'index.md']);
    reads.clear();
    // The next build, with nothing changed: none.
    await stored(
      createSite(
        config,
        headingEdit.map((page) => kept(page, reads)),
      ),
    );
    expect([...reads]).toEqual([]);
  });

  it("kept in memory by one instance (dev's): each save of one plan finds what a full run finds, reading only the pages it reaches", async () => {
    const memory = new StoredLinkChecks();
    const run = async (site: Site) => [...(await memory.links(site)), ...(await memory.orphans(site))].map(String);
    let site = createSite(config, first);
    expect(await run(site)).toEqual(full(site));
    const reads = new Set<string>();
    // Saves as `dev` makes them: the plan kept, the unchanged pages the same objects.
    const saves: PageRecord[][] = [first.map((page) => kept(page, reads))];
    saves.push(replaced(saves[0], record('b.md', [to('/a/', 'top'), to('/nowhere/')], ['intro'])));
    saves.push(replaced(saves[1], record('index.md', [to('/c/')])));
    saves.push(replaced(saves[2], record('b.md', [], ['intro', 'setup'])));
    const readBy: string[][] = [];
    for (const pages of saves) {
      reads.clear();
      site = withSamePlan(site, pages);
      const found = await run(site);
      readBy.push([...reads].sort());
      expect(found).toEqual(full(site));
    }
    // None for the first (nothing changed); then the pages linking to b.md's headings; then none (new records are not read through `kept`).
    expect(readBy).toEqual([[], ['a.md', 'index.md'], [], ['a.md']]);
    expect(full(site)).toContainEqual(expect.stringMatching(/^a\.md:1 +orphan page: \/a\//));
    expect(await readdir(dir)).toEqual([]);
  });
});
