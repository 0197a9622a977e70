import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../../helpers/cli.js';
import { buildInMemory, fixture } from '../../helpers/site.js';
import { tempFolders } from '../../helpers/tmp-site.js';

describe('build: output of the basic fixture', () => {
  const temp = tempFolders();
  let built: Awaited<ReturnType<typeof buildInMemory>>;
  beforeAll(async () => {
    built = await buildInMemory(fixture('basic'));
  });
  const text = (p: string) => {
    const t = built.writer.text(p);
    if (t === undefined) throw new Error(`no file ${p}`);
    return t;
  };

  it('writes index.html for every page, 404.html and a manifest of page records', () => {
    expect([...built.writer.files.keys()].filter((f) => f.endsWith('index.html')).sort()).toEqual([
      'apps-old/index.html',
      'guide/callouts/index.html',
      'guide/code/index.html',
      'guide/index.html',
      'index.html',
      'old-guide/index.html',
      'older/index.html',
    ]);
    expect(text('404.html')).toContain('Page not found');
    const manifest = JSON.parse(text('pages.json'));
    const guide = manifest.find((p: { regularPath: string }) => p.regularPath === '/guide/');
    expect(guide).toMatchObject({
      title: 'Guide',
      relativePath: 'guide/index.md',
      path: '/docs/guide/',
      headers: [{ level: 2, title: 'Sections', slug: 'custom-sections' }],
    });
    expect(guide.key).toMatch(/^v-[0-9a-f]{8}$/);
  });

  it('gives every page its title, lang, description, canonical and Open Graph tags', () => {
    const html = text('guide/code/index.html');
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain('<title>Code blocks | Fixture Docs</title>');
    expect(html).toContain('<meta name="description" content="Highlighted code with titles and line marks.">');
    expect(html).toContain('<link rel="canonical" href="https://acme.example/docs/guide/code/">');
    expect(html).toContain('<meta property="og:title" content="Code blocks">');
    expect(text('index.html')).toContain('<title>Fixture Docs</title>');
  });

  it('renders the layout: landmarks, skip link, one h1, outline, edit link and prev/next', () => {
    const html = text('guide/index.html');
    for (const landmark of ['<header class="topbar">', '<nav id="sidebar"', '<main id="main"', '<aside class="toc"'])
      expect(html).toContain(landmark);
    expect(html).toContain('<a class="skip-link" href="#main">');
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain('<a href="#custom-sections">Sections</a>');
    expect(html).toContain('href="https://git.example/docs/edit/main/content/guide/index.md"');
    expect(html).toContain('<a class="prev" rel="prev" href="/docs/"><span>Previous</span>Overview</a>');
    expect(html).toContain('<a class="next" rel="next" href="/docs/guide/code/"><span>Next</span>Code blocks</a>');
    expect(text('guide/code/index.html')).not.toContain('rel="prev"');
  });

  it('expands only the current sidebar group and marks the current page', () => {
    const html = text('guide/callouts/index.html');
    expect(html).toContain(
      '<li class="nav-group" data-group="0" data-expanded="false"><a class="nav-group-title" href="/docs/">Start</a></li>',
    );
    expect(html).toContain('<a href="/docs/guide/callouts/" class="active" aria-current="page">Callouts</a>');
  });

  it('emits a chunk per page under assets/js named by chunk id and content hash, and a sharded route table', () => {
    const chunks = [...built.writer.files.keys()].filter((f) => f.startsWith('assets/js/'));
    expect(chunks).toHaveLength(4);
    for (const c of chunks) expect(c).toMatch(/^assets\/js\/v-[0-9a-f]{8}\.[A-Za-z0-9]{8}\.js$/);
    const indexPath = /<meta name="docs:routes" content="\/docs\/([^"]+)">/.exec(text('index.html'))![1];
    const index = JSON.parse(text(indexPath));
    const shard = JSON.parse(text(index.shards.guide.replace('/docs/', '')));
    expect(Object.keys(shard).sort()).toEqual(['/guide/', '/guide/callouts/', '/guide/code/']);
    const chunk = text(shard['/guide/code/'].replace('/docs/', ''));
    expect(chunk).toMatch(/^\(self\.docsChunks=self\.docsChunks\|\|\[\]\)\.push\(\["v-/);
    expect(index.redirects).toContainEqual({ from: '/docs/older/', to: '/docs/guide/', exact: false });
    expect(index.redirects).toContainEqual({ from: '/docs/external', to: 'https://acme.example/apps', exact: true });
  });

  it('writes redirect stubs that keep the hash, are noindex and point at the final target', () => {
    const stub = text('older/index.html');
    expect(stub).toContain('<meta http-equiv="refresh" content="0; url=/docs/guide/">');
    expect(stub).toContain('<link rel="canonical" href="/docs/guide/">');
    expect(stub).toContain('<meta name="robots" content="noindex">');
    expect(stub).toMatch(/<script src="\/docs\/assets\/redirect\.[A-Za-z0-9]+\.js"><\/script>/);
    expect(text('_redirects')).toContain('/docs/older/ /docs/guide/ 301');
    expect(text('_redirects')).toContain('/docs/external https://acme.example/apps 301');
    expect(text('_redirects')).toContain('/docs/apps-old/ https://acme.example/apps 301');
  });

  it('writes sitemap.xml and robots.txt', () => {
    expect(text('sitemap.xml')).toContain('<loc>https://acme.example/docs/guide/code/</loc>');
    expect(text('robots.txt')).toContain('Sitemap: https://acme.example/docs/sitemap.xml');
  });

  // Spawned: esbuild takes its working folder from the process's when it starts.
  it('names its assets the same whatever folder the build is started from', async () => {
    const elsewhere = await temp('docs-elsewhere-');
    const result = await spawnCli(['build', fixture('basic'), '--out', path.join(elsewhere, 'dist')], elsewhere);
    expect(result.code, result.stderr).toBe(0);
    const assets = (html: string | undefined) => html?.match(/assets\/[\w./-]+\.(?:js|css)/g)?.sort();
    const here = assets(text('guide/code/index.html'));
    expect(here?.length).toBeGreaterThan(1);
    expect(assets(await readFile(path.join(elsewhere, 'dist/guide/code/index.html'), 'utf8'))).toEqual(here);
  });
});
