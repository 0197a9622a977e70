import { rm, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../../src/build/index.js';
import { loadConfig } from '../../../src/config/index.js';
import { MemoryWriter } from '../../../src/write/index.js';
import { coldCopy } from '../../helpers/differential.js';
import { editFile } from '../../helpers/tmp-site.js';
import { devSiteEach } from './harness.js';

/** How long `dev` may take to show a save's findings before the test fails: a bound for a stuck server, not a pace. */
const SETTLE_MS = 60_000;

/**
 * The site-wide checks (links, anchors, frontmatter prev/next, orphans, duplicate descriptions) as `dev` reports them
 * after each save must be what a cold build of the same files finds: one code path, kept in memory by `dev`.
 */
describe('dev finds what a build finds', () => {
  const devSite = devSiteEach('dev', {
    prepare: async (site) => {
      await editFile(site.file('docs.config.ts'), (t) =>
        t.replace(
          "title: 'Dev Docs',",
          `title: 'Dev Docs',
  checks: { orphans: 'error', duplicateDescriptions: 'error' },
  sidebar: [{ text: 'Guide', items: ['/guide/', '/guide/install/', '/guide/configure/'] }],`,
        ),
      );
    },
  });
  const file = (p: string) => devSite.site.file(p);

  /** A cold build's findings, as text. */
  async function built(): Promise<string[]> {
    const copy = await coldCopy(devSite.site.root);
    try {
      const result = await buildSite(await loadConfig(copy), new MemoryWriter(), undefined, { keepGoing: true });
      return result.problems.map(String);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  }

  /** Waits until `dev` reports what a cold build finds, and returns it (fails when it does not come to). */
  async function sameAsBuilt(): Promise<string[]> {
    const expected = await built();
    const deadline = Date.now() + SETTLE_MS;
    let found = devSite.dev.builder.problems().map(String);
    while (JSON.stringify(found) !== JSON.stringify(expected) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      found = devSite.dev.builder.problems().map(String);
    }
    expect(found).toEqual(expected);
    return expected;
  }

  it('after saves that move a frontmatter key, break and mend a heading link, repeat a description, orphan a page', async () => {
    const install = (lines: string[], body = '## Requirements') =>
      writeFile(file('content/guide/install.md'), `---\n${lines.join('\n')}\n---\n\n${body}\n\nYou need a terminal.\n`);
    const keys = ['title: Install', 'prev: /gone/', 'description: Getting the tool onto your machine.'];
    await install(['# where it sits', ...keys]);
    expect(await sameAsBuilt()).toContainEqual(
      expect.stringMatching(/install\.md:4 .*"prev" points to a missing page/),
    );
    // The same keys and values, the comment moved below them: the finding follows its key's line.
    await install([...keys, '# where it sits']);
    expect(await sameAsBuilt()).toContainEqual(
      expect.stringMatching(/install\.md:3 .*"prev" points to a missing page/),
    );
    // A page that links to a heading of install.md, which then renames it: the linking page, unchanged, is wrong.
    await editFile(file('content/guide/configure.md'), (t) => `${t}\nFirst [install it](install.md#requirements).\n`);
    await sameAsBuilt();
    await install(keys, '## Needs');
    expect(await sameAsBuilt()).toContainEqual(
      expect.stringMatching(/configure\.md:\d+:\d+ +link to a missing heading: install\.md#requirements/),
    );
    await install(keys);
    expect((await sameAsBuilt()).join('\n')).not.toContain('missing heading');
    // Two pages with one description; then the home links the reference's index, an orphan (not in the sidebar) till then.
    await editFile(file('content/reference/api.md'), (t) =>
      t.replace("description: The REST API's endpoints.", 'description: Getting the tool onto your machine.'),
    );
    const found = await sameAsBuilt();
    expect(found).toContainEqual(expect.stringMatching(/api\.md:3 +duplicate description/));
    expect(found).toContainEqual(expect.stringMatching(/index\.md:1 +orphan page: \/reference\//));
    await editFile(file('content/index.md'), (t) => t.replace('(reference/api.md)', '(reference/index.md)'));
    expect((await sameAsBuilt()).join('\n')).not.toContain('orphan');
  });
});
