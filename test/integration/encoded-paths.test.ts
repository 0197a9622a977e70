import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildToTemp, serveDir } from '../helpers/site.js';
import { configFile, page, tmpSite } from '../helpers/tmp-site.js';

/**
 * Pages whose file names hold "#", "?", "%" or a space: every URL the build writes to them is
 * percent-encoded, so each resolves over real HTTP (unencoded, "#" would start a fragment).
 */
const NAMES = { 'c#-and-f#.md': 'Sharp', 'why?.md': 'Question', '100%.md': 'Percent', 'two words.md': 'Spaced' };

let origin: string;
let outDir: string;
let close: () => Promise<void>;
beforeAll(async () => {
  const files: Record<string, string> = {
    'docs.config.ts': configFile({
      base: '/docs/',
      siteUrl: 'https://demo.example',
      redirects: [{ from: '/old-sharp', to: '/guide/c#-and-f#/' }],
    }),
    'content/index.md': page(
      'Home',
      'Links: [sharp](guide/c%23-and-f%23.md), [question](guide/why%3F.md), [percent](guide/100%25.md), [spaced](<guide/two words.md>), ![logo](guide/logo%231.svg)',
    ),
    'content/guide/logo#1.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
  };
  for (const [name, title] of Object.entries(NAMES))
    files[`content/guide/${name}`] = page(title, `## Section\n\nAbout ${title.toLowerCase()}.`);
  const site = await tmpSite(files);
  const built = await buildToTemp(site.root);
  outDir = built.outDir;
  const server = await serveDir(outDir);
  origin = server.origin;
  close = async () => {
    await server.close();
    await built.cleanup();
    await site.cleanup();
  };
}, 120_000);
afterAll(() => close?.());

const read = (file: string) => readFile(path.join(outDir, file), 'utf8');
const local = (url: string) => url.replace('https://demo.example', '');

/** Fetches a URL path of the site; the status and whether the body names the page. */
async function get(url: string): Promise<number> {
  return (await fetch(`${origin}${local(url)}`)).status;
}

describe('file names with "#", "?", "%" and spaces', () => {
  const guideUrls = (text: string, pattern: RegExp) =>
    [...text.matchAll(pattern)].map((m) => m[1]).filter((u) => u.includes('/guide/'));

  it('are encoded in the sidebar, the page links, the image and the canonical link, and each resolves', async () => {
    const home = await read('index.html');
    const hrefs = [...new Set(guideUrls(home, /(?:href|src)="([^"]+)"/g))];
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/docs/guide/c%23-and-f%23/',
        '/docs/guide/why%3F/',
        '/docs/guide/100%25/',
        '/docs/guide/two%20words/',
        '/docs/guide/logo%231.svg',
      ]),
    );
    for (const href of hrefs) expect([href, await get(href)]).toEqual([href, 200]);
    const sharp = await read('guide/c#-and-f#/index.html');
    expect(sharp).toContain('<link rel="canonical" href="https://demo.example/docs/guide/c%23-and-f%23/">');
  });

  it('are encoded in sitemap.xml, llms.txt, the Markdown pages and the search records, and each resolves', async () => {
    const sitemap = guideUrls(await read('sitemap.xml'), /<loc>([^<]+)<\/loc>/g);
    const llms = guideUrls(await read('llms.txt'), /\]\(([^)]+)\)/g);
    expect(sitemap).toHaveLength(4);
    expect(llms).toHaveLength(4);
    const markdown = guideUrls(await read('index.md'), /\]\(<?([^)\s>]+)>?\)/g);
    expect(markdown.length).toBeGreaterThanOrEqual(4);
    const manifest = JSON.parse(await read('search.json')) as { pages: string[] };
    expect(manifest.pages.length).toBeGreaterThan(0);
    for (const url of [...sitemap, ...llms, ...markdown]) expect([url, await get(url)]).toEqual([url, 200]);
  });

  it('are looked up by their decoded route in the route table, and redirects point at the encoded URL', async () => {
    const index = JSON.parse(await read('routes.json')) as {
      shards: Record<string, string>;
      redirects: { from: string; to: string }[];
    };
    const shard = JSON.parse(await read(index.shards.guide.slice('/docs/'.length))) as Record<string, string>;
    expect(Object.keys(shard).sort()).toEqual([
      '/guide/100%/',
      '/guide/c#-and-f#/',
      '/guide/two words/',
      '/guide/why?/',
    ]);
    for (const chunk of Object.values(shard)) expect(await get(chunk)).toBe(200);
    expect(index.redirects).toEqual([{ from: '/docs/old-sharp/', to: '/docs/guide/c%23-and-f%23/', exact: false }]);
    expect(await get(index.redirects[0].to)).toBe(200);
    expect(await read('_redirects')).toContain('/docs/old-sharp /docs/guide/c%23-and-f%23/ 301');
  });
});
