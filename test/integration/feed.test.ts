import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build/index.js';
import { buildInMemory, REPO } from '../helpers/site.js';
import { configFile, page, tmpSite } from '../helpers/tmp-site.js';
import { EventStream, get, startDev } from './dev/harness.js';

const config = configFile({
  title: 'Acme Docs',
  base: '/docs/',
  siteUrl: 'https://acme.example',
});
const changelog = (body: string) => page('Changelog', body, { frontmatter: 'feed: true\n' });
const home = page('Home', 'Read the [changelog](changelog.md) or follow [its feed](changelog/feed.xml).');

describe('outputs/feed: a page with `feed: true` gets an Atom feed of its dated sections', () => {
  it('writes <route>feed.xml, newest entry first, and links it from the page head', async () => {
    const site = await tmpSite({
      'docs.config.ts': config,
      'content/index.md': home,
      'content/changelog.md': changelog(
        '## 2026-11-20\n\nSchedules accept **seconds**.\n\n## 2026-10-02\n\nA new `<region>` setting & more.\n',
      ),
    });
    try {
      const { writer } = await buildInMemory(site.root);
      const xml = writer.text('changelog/feed.xml')!;
      expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
      expect(xml).toContain(
        '<link rel="self" type="application/atom+xml" href="https://acme.example/docs/changelog/feed.xml"/>',
      );
      expect(xml).toContain('<updated>2026-11-20T00:00:00Z</updated>');
      const ids = [...xml.matchAll(/<entry>\n<title>[^<]*<\/title>\n<id>([^<]+)<\/id>/g)].map((m) => m[1]);
      expect(ids).toEqual([
        'https://acme.example/docs/changelog/#2026-11-20',
        'https://acme.example/docs/changelog/#2026-10-02',
      ]);
      // Entry content is the section's HTML, escaped once inside the XML.
      expect(xml).toContain('Schedules accept &#60;strong&#62;seconds&#60;/strong&#62;.');
      const decoded = xml.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
      expect(decoded).toContain('<code>&#x3C;region></code> setting &#x26; more.');
      const html = writer.text('changelog/index.html')!;
      expect(html).toContain(
        '<link rel="alternate" type="application/atom+xml" title="Changelog (Atom)" href="/docs/changelog/feed.xml">',
      );
      expect(writer.text('index.html')).not.toContain('application/atom+xml');
      // A link to the generated feed is a link to a file, not a missing one.
      expect(writer.text('index.html')).toContain('href="/docs/changelog/feed.xml"');
    } finally {
      await site.cleanup();
    }
  });

  it('keeps the content of every entry in a build that keeps the feed page (another page edited)', async () => {
    const site = await tmpSite({
      'docs.config.ts': config,
      'content/index.md': home,
      'content/changelog.md': changelog(
        '## 2026-11-20\n\nSchedules accept **seconds**.\n\n## 2026-10-02\n\nRetries.\n',
      ),
    });
    try {
      const outDir = path.join(site.root, 'dist');
      const feed = () => readFile(path.join(outDir, 'changelog/feed.xml'), 'utf8');
      await build(site.root, { outDir });
      const whole = await feed();
      expect(whole).toContain('Schedules accept &#60;strong&#62;seconds&#60;/strong&#62;.');
      await writeFile(path.join(site.root, 'content/index.md'), `${home}\nOne more line.\n`);
      // Only the home page is rendered again: the changelog's record comes from the cache, and its feed with it.
      expect((await build(site.root, { outDir })).rendered).toBe(1);
      expect(await feed()).toBe(whole);
    } finally {
      await site.cleanup();
    }
  });

  it('fails `docs check` with file:line when a dated heading is not a date or the order is wrong', async () => {
    const site = await tmpSite({
      'docs.config.ts': config,
      'content/index.md': home,
      'content/changelog.md': changelog(
        '## 2026-01-05\n\nOne.\n\n```md\n## not a heading\n```\n\n## Next release\n\nTwo.\n\n## 2026-02-30\n\nThree.\n\n## 2026-03-01\n\nFour.\n',
      ),
    });
    try {
      const run = spawnSync(process.execPath, [path.join(REPO, 'bin/docs.js'), 'check', site.root], {
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      // frontmatter is 5 lines (---, title, description, feed, ---) then a blank line: the body starts at line 7.
      expect(run.stdout).toMatch(/content\/changelog\.md|changelog\.md/);
      expect(run.stdout).toContain('15:1  feed heading "Next release" is not a date');
      expect(run.stdout).toContain('19:1  feed heading "2026-02-30" is not a date');
      expect(run.stdout).toContain('23:1  feed entry 2026-03-01 comes after the older entry 2026-01-05');
      expect(run.stdout).not.toContain('not a heading');
    } finally {
      await site.cleanup();
    }
  });

  it('serves the feed from `docs dev` and makes it again after the page is edited', async () => {
    const site = await tmpSite({
      'docs.config.ts': config,
      'content/index.md': home,
      'content/changelog.md': changelog('## 2026-10-02\n\nFirst.\n'),
    });
    const dev = await startDev(site.root, { watchLayout: false });
    const events = await EventStream.open(`${dev.origin}/docs/__dev/events`);
    try {
      expect((await get(`${dev.origin}/docs/changelog/feed.xml`)).text).toContain('#2026-10-02');
      await writeFile(
        path.join(site.root, 'content/changelog.md'),
        changelog('## 2026-11-20\n\nSecond.\n\n## 2026-10-02\n\nFirst.\n'),
      );
      await events.next('reload');
      const xml = (await get(`${dev.origin}/docs/changelog/feed.xml`)).text;
      expect(xml.indexOf('#2026-11-20')).toBeGreaterThan(-1);
      expect(xml.indexOf('#2026-11-20')).toBeLessThan(xml.indexOf('#2026-10-02'));
    } finally {
      events.close();
      await dev.close();
      await site.cleanup();
    }
  });
});
