import { describe, expect, it } from 'vitest';
import { buildInMemory, fixture } from '../../helpers/site.js';

describe('versions: a site with two versions (test/fixtures/versions)', () => {
  it('serves the current version at the base and the older one under its name, each with its own pages, constants and files', async () => {
    const { writer } = await buildInMemory(fixture('versions'));
    const html = (path: string) => writer.text(path);
    expect(html('guide/setup/index.html')).toContain('Install Node.js 22, then run the installer.');
    expect(html('1.0/guide/setup/index.html')).toContain('Install Node.js 18, then run the old installer.'); // its pinned constant
    expect(html('guide/workflows/index.html')).toBeDefined();
    expect(html('1.0/guide/workflows/index.html')).toBeUndefined();
    expect(html('1.0/guide/jobs/index.html')).toContain('cronjobbery');
    expect(html('guide/jobs/index.html')).toBeUndefined();
    // Links and images of an old page stay in its version.
    expect(html('1.0/index.html')).toContain('href="/docs/1.0/guide/jobs/"');
    expect(html('1.0/guide/setup/index.html')).toMatch(
      /<img src="\/docs\/1\.0\/guide\/pic\.svg"[^>]* width="10" height="10"/,
    );
    expect(writer.files.has('1.0/guide/pic.svg')).toBe(true);
  });

  it('gives each version its sidebar, reading order, search index and sidebar groups', async () => {
    const { writer } = await buildInMemory(fixture('versions'));
    const sidebar = (path: string) => writer.text(path)!.match(/<nav id="sidebar"[\s\S]*?<\/nav>/)![0];
    expect(sidebar('1.0/guide/setup/index.html')).toContain('href="/docs/1.0/guide/jobs/"');
    expect(sidebar('1.0/guide/setup/index.html')).not.toMatch(/href="\/docs\/guide\//);
    expect(sidebar('guide/setup/index.html')).not.toContain('/docs/1.0/');
    expect(writer.text('guide/setup/index.html')).toContain('<a class="prev" rel="prev" href="/docs/">');
    expect(writer.text('1.0/index.html')).toContain('<meta name="docs:search" content="/docs/1.0/search.json">');
    expect(writer.text('index.html')).not.toContain('docs:search');
    const routes = JSON.parse(writer.text('routes.json')!);
    expect(Object.keys(routes.navs)).toEqual(['1.0']);
  });

  it('has a version menu that keeps the page, a banner and canonical links to the current page, and old versions out of the sitemap', async () => {
    const { writer } = await buildInMemory(fixture('versions'));
    const menu = (path: string) =>
      writer.text(path)!.match(/<nav class="language-menu version-menu"[\s\S]*?<\/nav>/)![0];
    expect(menu('1.0/guide/setup/index.html')).toContain(
      '<a href="/docs/guide/setup/" data-no-router="">v2.0 (latest)</a>',
    );
    expect(menu('1.0/guide/jobs/index.html')).toContain('<a href="/docs/" data-no-router="">v2.0 (latest)</a>'); // not in 2.0: its start
    expect(menu('guide/workflows/index.html')).toContain('<a href="/docs/1.0/" data-no-router="">1.0</a>');
    expect(writer.text('1.0/guide/setup/index.html')).toContain(
      'These are the docs of version 1.0. <a href="/docs/guide/setup/" data-no-router="">See this page in the current version</a>',
    );
    expect(writer.text('guide/setup/index.html')).not.toContain('version-banner');
    expect(writer.text('1.0/guide/setup/index.html')).toContain(
      '<link rel="canonical" href="https://acme.example/docs/guide/setup/">',
    );
    expect(writer.text('1.0/guide/jobs/index.html')).toContain(
      '<link rel="canonical" href="https://acme.example/docs/1.0/guide/jobs/">',
    );
    const sitemap = writer.text('sitemap.xml')!;
    expect(sitemap).toContain('<loc>https://acme.example/docs/guide/setup/</loc>');
    expect(sitemap).not.toContain('/docs/1.0/');
  });
});
