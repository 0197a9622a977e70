import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, fixture } from '../../helpers/site.js';

type Built = Awaited<ReturnType<typeof buildInMemory>>;

function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

describe('outputs/structured-data and the page head', () => {
  let built: Built;
  beforeAll(async () => {
    built = await buildInMemory(fixture('quality'));
  });

  it('gives a page in a sidebar group a BreadcrumbList: group, then page', () => {
    expect(jsonLd(built.writer.text('api/rest/index.html')!)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'APIs', item: 'https://relay.example/docs/api/rest/' },
          { '@type': 'ListItem', position: 2, name: 'REST API', item: 'https://relay.example/docs/api/rest/' },
        ],
      },
    ]);
    const long = jsonLd(built.writer.text('guides/long/index.html')!)[0] as {
      itemListElement: { name: string; item: string }[];
    };
    expect(long.itemListElement.map((i) => i.name)).toEqual(['Guides', 'Build a workflow end to end']);
  });

  it('gives pages outside a group, the not-found page and redirect stubs no breadcrumbs', () => {
    expect(jsonLd(built.writer.text('errors/index.html')!)).toEqual([]);
    expect(jsonLd(built.writer.text('404.html')!)).toEqual([]);
    expect(jsonLd(built.writer.text('old-rest/index.html')!)).toEqual([]);
  });

  it('keeps the breadcrumbs out of the chunk the runtime swaps in (search engines read the static HTML)', () => {
    const chunks = [...built.writer.files.keys()].filter((f) => f.startsWith('assets/js/'));
    for (const chunk of chunks) expect(built.writer.text(chunk)).not.toContain('ld+json');
  });

  it('has the Open Graph and Twitter card tags, a canonical link and the icon', () => {
    const html = built.writer.text('guides/long/index.html')!;
    expect(html).toContain('<link rel="canonical" href="https://relay.example/docs/guides/long/">');
    expect(html).toContain('<meta property="og:title" content="Build a workflow end to end">');
    expect(html).toContain(
      '<meta property="og:description" content="A long guide that takes one workflow from an idea to production, step by step.">',
    );
    expect(html).toContain('<meta property="og:url" content="https://relay.example/docs/guides/long/">');
    expect(html).toContain('<meta property="og:site_name" content="Quality Docs - Fixture">');
    expect(html).toContain('<meta property="og:type" content="article">');
    // The site's URL is configured: a social card per page, shown large.
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/relay\.example\/docs\/assets\/og\/\w+\.png">/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<link rel="icon" href="/docs/favicon.svg" type="image/svg+xml">');
    expect(built.writer.text('favicon.svg')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });
});
