import { beforeAll, describe, expect, it } from 'vitest';
import { readingMinutes, splitExcerpt, tagSlug } from '../../src/plugins/blog/index.js';
import { BuildFailure } from '../../src/model/errors.js';
import { buildInMemory, fixture } from '../helpers/site.js';
import { page, tmpSite } from '../helpers/tmp-site.js';
import { buildSite } from '../../src/build/index.js';
import { loadConfig } from '../../src/config/index.js';
import { MemoryWriter } from '../../src/write/index.js';

/** Visible text of some HTML, tags dropped and whitespace folded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const main = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';

describe('blog plugin: the fixture site (five posts, two a page)', () => {
  let built: Awaited<ReturnType<typeof buildInMemory>>;
  beforeAll(async () => {
    built = await buildInMemory(fixture('blog'));
  });
  const text = (file: string) => built.writer.text(file) ?? '';

  it('lists the posts newest first, two a page, each list linking to its neighbours', () => {
    const first = main(text('blog/index.html'));
    const order = [...first.matchAll(/<h2[^>]*><a href="([^"]+)"/g)].map((m) => m[1]);
    expect(order).toEqual(['/docs/blog/2026-03-02-retries/', '/docs/blog/dated-in-frontmatter/']);
    expect(first).toContain('href="/docs/blog/page/2/"');
    expect(textOf(first)).toContain('Page 1 of 3');
    const second = main(text('blog/page/2/index.html'));
    expect([...second.matchAll(/<h2[^>]*><a href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/docs/blog/2026-02-01-scheduler/',
      '/docs/blog/2026-01-15-welcome/',
    ]);
    expect(second).toContain('href="/docs/blog/"');
    expect(second).toContain('href="/docs/blog/page/3/"');
    const third = main(text('blog/page/3/index.html'));
    expect(third).toContain('href="/docs/blog/2025-12-24-year-end/"');
    expect(third).not.toContain('Older posts');
  });

  it('shows the excerpt before <!-- more --> and {/* truncate */}, with a link to read on', () => {
    const second = textOf(main(text('blog/page/2/index.html')));
    expect(second).toContain('We start a blog to explain the decisions behind Acme.');
    expect(second).not.toContain('Posts about the runtime');
    expect(second).toContain('The scheduler spreads runs over the minute');
    expect(second).not.toContain('Fewer runs at the same second');
    expect(second).toContain('Read “A new scheduler”');
    // The excerpt's relative link still reaches its post from /blog/page/2/.
    expect(main(text('blog/page/2/index.html'))).toContain('href="/docs/blog/2026-01-15-welcome/">welcome post');
    // The marker is taken out of the post: the reader never sees it.
    const post = main(text('blog/2026-02-01-scheduler/index.html'));
    expect(post).not.toContain('truncate');
    expect(textOf(post)).toContain('Fewer runs at the same second');
  });

  it('gives each post a byline: date (from the file name or the frontmatter), authors from authors.yml, reading time, tags', () => {
    const post = main(text('blog/2026-02-01-scheduler/index.html'));
    expect(post).toContain('<time datetime="2026-02-01">February 1, 2026</time>');
    expect(post).toContain('<a href="https://acme.example/team/ada">Ada Byron</a>, Lin Okafor');
    expect(textOf(post)).toContain('1 min read');
    expect(post).toContain('href="/docs/blog/tags/release-notes/">Release notes</a>');
    const dated = main(text('blog/dated-in-frontmatter/index.html'));
    expect(dated).toContain('<time datetime="2026-02-20">February 20, 2026</time>');
    expect(dated).toContain('<a href="https://guest.example">Guest Writer</a>');
  });

  it('writes a page a tag and a tag index', () => {
    const runtime = main(text('blog/tags/runtime/index.html'));
    expect([...runtime.matchAll(/<h2[^>]*><a href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/docs/blog/2026-03-02-retries/',
      '/docs/blog/2026-02-01-scheduler/',
    ]);
    expect(textOf(runtime)).toContain('Posts tagged “runtime”');
    const index = textOf(main(text('blog/tags/index.html')));
    expect(index).toContain('announcements (1)');
    expect(index).toContain('Release notes (1)');
    expect(index).toContain('runtime (2)');
  });

  it('writes an Atom feed of the posts, newest first, with absolute links, and links it from the head', () => {
    const feed = text('blog/atom.xml');
    expect(feed).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    const links = [...feed.matchAll(/<entry>\s*<title>[^<]*<\/title>\s*<link href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual([
      'https://acme.example/docs/blog/2026-03-02-retries/',
      'https://acme.example/docs/blog/dated-in-frontmatter/',
      'https://acme.example/docs/blog/2026-02-01-scheduler/',
      'https://acme.example/docs/blog/2026-01-15-welcome/',
      'https://acme.example/docs/blog/2025-12-24-year-end/',
    ]);
    expect(feed).toContain('<updated>2026-03-02T00:00:00Z</updated>');
    expect(feed).toContain('<author><name>Lin Okafor</name></author>');
    expect(feed).toContain('<category term="Release notes"/>');
    // The post's HTML, escaped, its site links made absolute.
    expect(feed).toContain('href=&quot;https://acme.example/docs/blog/2026-01-15-welcome/&quot;');
    expect(text('index.html')).toContain(
      '<link rel="alternate" type="application/atom+xml" title="Engineering blog" href="/docs/blog/atom.xml">',
    );
  });

  it('puts the posts in search and every blog page in the sitemap; the lists stay out of search', () => {
    const sitemap = text('sitemap.xml');
    for (const route of ['blog/', 'blog/page/3/', 'blog/tags/runtime/', 'blog/2026-03-02-retries/'])
      expect(sitemap).toContain(`https://acme.example/docs/${route}</loc>`);
    const pages = JSON.parse(text('pages.json')) as { regularPath: string; frontmatter: Record<string, unknown> }[];
    const searchable = pages.filter((p) => p.frontmatter.search !== false).map((p) => p.regularPath);
    expect(searchable).toContain('/blog/2026-02-01-scheduler/');
    expect(searchable).not.toContain('/blog/');
    expect(searchable).not.toContain('/blog/tags/runtime/');
    const index = [...built.writer.files.keys()].filter((f) => f.startsWith('assets/search'));
    expect(index.some((f) => (built.writer.text(f) ?? '').includes('spreads runs over the minute'))).toBe(true);
  });
});

describe('blog plugin: its parts', () => {
  it('finds the excerpt at either marker, else the first paragraph', () => {
    expect(splitExcerpt('One.\n\n<!-- more -->\n\nTwo.')).toMatchObject({ excerpt: 'One.', truncated: true });
    expect(splitExcerpt('One.\n\n{/* truncate */}\n\nTwo.').body).not.toContain('truncate');
    expect(splitExcerpt('## Title\n\nFirst words.\n\nMore.')).toEqual({
      excerpt: 'First words.',
      truncated: true,
      body: '## Title\n\nFirst words.\n\nMore.',
    });
    expect(splitExcerpt('Only this.')).toMatchObject({ excerpt: 'Only this.', truncated: false });
  });

  it('counts reading time in words a minute, at least one', () => {
    expect(readingMinutes('word '.repeat(460), 230)).toBe(2);
    expect(readingMinutes('[a link](https://x.example/a/b/c)', 230)).toBe(1);
  });

  it('makes tag slugs from any words', () => {
    expect(tagSlug('Release notes')).toBe('release-notes');
    expect(tagSlug('Größe & Café')).toBe('große-cafe');
    expect(tagSlug('C++')).toBe('c');
  });
});

describe('blog plugin: problems', () => {
  async function problemsOf(files: Record<string, string>): Promise<string[]> {
    const site = await tmpSite({
      'docs.config.ts': `import { defineConfig } from '__SRC__/config/define.ts';\nimport { blog } from '__SRC__/plugins/blog/index.ts';\nexport default defineConfig({ title: 'T', base: '/', plugins: [blog()] });\n`,
      'content/index.md': page('Home', '[Blog](/blog/)'),
      ...files,
    });
    try {
      await buildSite(await loadConfig(site.root), new MemoryWriter());
      return [];
    } catch (error) {
      if (!(error instanceof BuildFailure)) throw error;
      return error.problems.map((p) => `${p.place.file}:${p.place.line ?? ''} ${p.message}`);
    } finally {
      await site.cleanup();
    }
  }

  it('reports a post without a date, an impossible date and an unknown author, at their files', async () => {
    const problems = await problemsOf({
      'content/blog/authors.yml': 'ada: { name: Ada }\n',
      'content/blog/no-date.md': page('No date', 'Text.'),
      'content/blog/2026-02-30-never.md': page('Never', 'Text.'),
      'content/blog/2026-01-01-who.md': page('Who', 'Text.', { frontmatter: 'authors: [bob]\n' }),
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^blog\/no-date\.md:\d+ .*a blog post has no date/),
        expect.stringMatching(/^blog\/2026-02-30-never\.md:\d+ .*"2026-02-30" is not a date/),
        expect.stringMatching(/^blog\/2026-01-01-who\.md:\d+ .*blog author "bob" is not in blog\/authors\.yml/),
      ]),
    );
  });
});

describe('blog plugin: a site that does not enable it', () => {
  it('carries none of it: no feed link, no blog pages or files, no blog code in its assets', async () => {
    const built = await buildInMemory(fixture('basic'));
    const files = [...built.writer.files.keys()];
    expect(files.filter((f) => /(^|\/)blog\/|atom\.xml$/.test(f))).toEqual([]);
    expect(built.writer.text('index.html')).not.toContain('application/atom+xml');
    for (const f of files.filter((f) => f.startsWith('assets/') && /\.(js|css)$/.test(f)))
      expect(built.writer.text(f), f).not.toMatch(/Older posts|min read|blog-/);
  });
});
