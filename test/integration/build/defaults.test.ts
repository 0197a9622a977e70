import { afterEach, describe, expect, it } from 'vitest';
import { buildInMemory } from '../../helpers/site.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function built(files: Record<string, string>) {
  const site = await tmpSite({ 'content/index.md': page('Home'), 'content/guide/setup.md': page('Setup'), ...files });
  cleanup = site.cleanup;
  return buildInMemory(site.root);
}

describe('build: neutral defaults', () => {
  it('serves a folder of Markdown at the root of the host, and warns once that the site has no siteUrl', async () => {
    const { writer, warnings } = await built({});
    const html = writer.text('guide/setup/index.html')!;
    expect(html).toContain('<link rel="canonical" href="/guide/setup/">');
    expect(writer.text('sitemap.xml')).toContain('<loc>/guide/setup/</loc>');
    const siteUrl = warnings.filter((w) => w.message.includes('siteUrl'));
    expect(siteUrl).toHaveLength(1);
    expect(siteUrl[0]!.message).toContain('sitemap');
    expect(siteUrl[0]!.fix).toContain('siteUrl: "https://example.com"');
  });

  it('writes absolute URLs with siteUrl, and says nothing about it', async () => {
    const { writer, warnings } = await built({
      'docs.config.ts': configFile({ siteUrl: 'https://docs.example.org', base: '/handbook/' }),
    });
    expect(writer.text('guide/setup/index.html')).toContain(
      '<link rel="canonical" href="https://docs.example.org/handbook/guide/setup/">',
    );
    expect(writer.text('sitemap.xml')).toContain('<loc>https://docs.example.org/handbook/guide/setup/</loc>');
    expect(writer.text('robots.txt')).toContain('Sitemap: https://docs.example.org/handbook/sitemap.xml');
    expect(warnings.map((w) => w.message).join('\n')).not.toContain('siteUrl');
  });

  it('still reads the deprecated product.siteUrl', async () => {
    const { writer, warnings } = await built({
      'docs.config.ts': configFile({ product: { name: 'Acme', slug: 'acme', siteUrl: 'https://acme.example' } }),
    });
    expect(writer.text('guide/setup/index.html')).toContain(
      '<link rel="canonical" href="https://acme.example/guide/setup/">',
    );
    expect(warnings.map((w) => w.message).join('\n')).not.toContain('siteUrl');
  });
});
