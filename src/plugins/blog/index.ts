/**
 * The blog, written on the public plugin API alone (src/plugins/types.ts): the proof that a feature
 * of this size needs no private hook. Posts are the Markdown files of one folder of the content
 * (`blog/2026-01-15-title.md`, or any name with `date:` in the frontmatter): they are pages like any
 * other (search, sitemap, llms.txt, checks), to which the `pages` hook adds a byline (date, authors,
 * reading time, tags). It adds the lists (`/blog/`, `/blog/page/2/`, ...), a page a tag and the tag
 * index; the `outputs` hook writes an Atom feed of the newest posts. A site without the plugin runs
 * none of this and carries none of its bytes: it adds no stylesheet and no script.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { GeneratedPage, PagesContext, Plugin, PageSource, Site } from '../types.js';

export interface BlogOptions {
  /** The folder of the posts, under the content folder; its route is the blog's. @default "blog" */
  dir?: string;
  /** The lists' title and the feed's. @default "Blog" */
  title?: string;
  /** The lists' meta description and the feed's subtitle. */
  description?: string;
  /** Posts a list page shows. @default 10 */
  postsPerPage?: number;
  /** The authors file, relative to the posts' folder: keys to `{ name, title?, url? }`. @default "authors.yml" */
  authors?: string;
  /** Reading speed for "N min read". @default 230 */
  wordsPerMinute?: number;
  /** Entries in the Atom feed (`<dir>/atom.xml`), 0 for no feed. @default 20 */
  feedEntries?: number;
}

/** One author, as the authors file or a post's frontmatter gives it. */
export interface BlogAuthor {
  name: string;
  title?: string;
  url?: string;
}

/** A post, as the lists and the feed show it. */
export interface BlogPost {
  route: string;
  relativePath: string;
  title: string;
  description: string;
  /** YYYY-MM-DD. */
  date: string;
  authors: BlogAuthor[];
  tags: string[];
  /** Markdown shown in the lists: the text before the excerpt marker, or the first paragraph. */
  excerpt: string;
  /** Whether the post goes on after its excerpt. */
  truncated: boolean;
  minutes: number;
}

/** `<!-- more -->` (Hexo, Jekyll, VitePress) and `{/* truncate *\/}` (Docusaurus), alone on a line. */
const MARKER = /^[ \t]*(?:<!--\s*(?:more|truncate)\s*-->|\{\/\*\s*truncate\s*\*\/\})[ \t]*$/m;
const DATED_NAME = /^(\d{4}-\d{2}-\d{2})-/;

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A real calendar date: `2026-02-30` has the shape but is not one. */
function isDate(text: string): boolean {
  const d = new Date(`${text}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(d.getTime()) && iso(d) === text;
}

/** A tag's route segment: `Release notes` -> `release-notes`. */
export function tagSlug(tag: string): string {
  return (
    tag
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '') || 'tag'
  );
}

/** Words a reader reads: code blocks count, markup and URLs do not. */
export function readingMinutes(markdown: string, wordsPerMinute: number): number {
  const text = markdown
    .replace(/<[^>]+>/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#*_`>|[\]{}-]+/g, ' ');
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.round(words / wordsPerMinute));
}

/** The excerpt of a body and whether there is more after it; the marker itself is taken out of the body. */
export function splitExcerpt(body: string): { excerpt: string; truncated: boolean; body: string } {
  const match = MARKER.exec(body);
  if (match) {
    const before = body.slice(0, match.index).trim();
    return {
      excerpt: before,
      truncated: true,
      body: body.slice(0, match.index) + body.slice(match.index + match[0].length),
    };
  }
  // No marker: the first paragraph that is text (not a heading, code, a callout or HTML).
  const blocks = body.trim().split(/\n\s*\n/);
  const first = blocks.find((b) => /^[\p{L}\p{N}*_[`"']/u.test(b.trim())) ?? '';
  return { excerpt: first.trim(), truncated: blocks.length > 1, body };
}

/**
 * An excerpt shown on another page: relative links and images made absolute from the post's folder
 * (they are checked like any link), headings made bold text (they belong to the post's outline, not the list's).
 */
function relocate(excerpt: string, relativePath: string): string {
  const dir = path.posix.dirname(relativePath);
  return excerpt
    .replace(/\]\((?![a-z][a-z0-9+.-]*:|\/|#)([^)\s]+)((?:\s+"[^"]*")?)\)/gi, (_, url: string, title: string) => {
      return `](/${path.posix.normalize(path.posix.join(dir, url))}${title})`;
    })
    .replace(/^#{1,6}\s+(.*?)(?:\s+\{#[^}]*\})?\s*$/gm, '**$1**');
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Text in Markdown, where the characters that make markup are escaped. */
const md = (s: string) => s.replace(/([\\`*_[\]<>#|{}])/g, '\\$1');

function longDate(date: string, lang: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(lang, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A post's byline as a Markdown paragraph: date, authors, reading time. */
function byline(post: BlogPost, lang: string): string {
  const who = post.authors.map((a) => (a.url ? `[${md(a.name)}](${a.url})` : md(a.name)));
  const parts = [`<time datetime="${post.date}">${escapeHtml(longDate(post.date, lang))}</time>`];
  if (who.length) parts.push(`by ${who.join(', ')}`);
  parts.push(`${post.minutes} min read`);
  return parts.join(' · ');
}

function tagLinks(post: BlogPost, base: string): string {
  return post.tags.map((t) => `[${md(t)}](${base}tags/${tagSlug(t)}/)`).join(', ');
}

function listEntry(post: BlogPost, base: string, lang: string): string {
  return [
    `## [${md(post.title)}](${post.route}) {#${post.route.split('/').filter(Boolean).pop()}}`,
    '',
    byline(post, lang),
    '',
    post.excerpt,
    '',
    ...(post.tags.length ? [`Tags: ${tagLinks(post, base)}`, ''] : []),
    ...(post.truncated ? [`[Read “${md(post.title)}”](${post.route})`, ''] : []),
  ].join('\n');
}

/** The list pages of some posts: `<route>`, `<route>page/2/`, ..., each linking to its neighbours. */
function listPages(
  posts: BlogPost[],
  route: string,
  perPage: number,
  page: { title: string; description: string; intro: string },
  blogRoute: string,
  lang: string,
): GeneratedPage[] {
  const count = Math.max(1, Math.ceil(posts.length / perPage));
  const at = (n: number) => (n === 1 ? route : `${route}page/${n}/`);
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const nav = [
      ...(n > 1 ? [`[← Newer posts](${at(n - 1)})`] : []),
      ...(count > 1 ? [`Page ${n} of ${count}`] : []),
      ...(n < count ? [`[Older posts →](${at(n + 1)})`] : []),
    ];
    return {
      route: at(n),
      title: n === 1 ? page.title : `${page.title} (page ${n})`,
      description: n === 1 ? page.description : `${page.description} Page ${n} of ${count}.`,
      // The lists repeat the posts' text: search finds the posts themselves.
      frontmatter: { search: false, blogList: { page: n, pages: count } },
      markdown: [
        page.intro,
        '',
        ...posts.slice(i * perPage, n * perPage).map((p) => listEntry(p, blogRoute, lang)),
        ...(nav.length ? ['---', '', nav.join(' · '), ''] : []),
      ].join('\n'),
    };
  });
}

/** The authors file: `key: { name, title?, url? }`; null when there is none. */
function readAuthors(file: string, relative: string, report: PagesContext['report']): Map<string, BlogAuthor> | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const out = new Map<string, BlogAuthor>();
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    report(
      `cannot read the blog's authors: ${(error as Error).message.split('\n')[0]}`,
      { file: relative },
      'fix the YAML',
    );
    return out;
  }
  for (const [key, value] of Object.entries((data ?? {}) as Record<string, unknown>)) {
    const a = value as Partial<BlogAuthor> | null;
    if (!a || typeof a.name !== 'string' || !a.name.trim()) {
      report(`blog author "${key}" has no name`, { file: relative }, `write \`${key}: { name: Full Name }\``);
      continue;
    }
    out.set(key, {
      name: a.name,
      ...(typeof a.title === 'string' && { title: a.title }),
      ...(typeof a.url === 'string' && { url: a.url }),
    });
  }
  return out;
}

/** The blog. `plugins: [blog({ dir: 'blog' })]` in the configuration. */
export function blog(options: BlogOptions = {}): Plugin {
  const dir = (options.dir ?? 'blog').replace(/^\/+|\/+$/g, '');
  const title = options.title ?? 'Blog';
  const description = options.description ?? `The newest posts of the ${title.toLowerCase()}.`;
  const perPage = options.postsPerPage ?? 10;
  const wpm = options.wordsPerMinute ?? 230;
  const feedEntries = options.feedEntries ?? 20;
  const route = `/${dir}/`;
  const feedFile = `${dir}/atom.xml`;
  let posts: BlogPost[] = [];

  return {
    name: 'blog',
    unversioned: [dir],
    // The posts' own keys, declared as a team declares its own (unknown keys are errors): the plugin checks their values.
    config: () => ({ frontmatter: { date: 'any', authors: 'any', author: 'any', tags: 'list' } }),
    pages({ config, sources, addPage, report }) {
      const authorsPath = `${dir}/${options.authors ?? 'authors.yml'}`;
      const authors = readAuthors(path.join(config.contentDir, authorsPath), authorsPath, report);
      posts = [];
      for (const source of sources as PageSource[]) {
        if (!source.relativePath.startsWith(`${dir}/`)) continue;
        if (source.route === route) {
          report(
            `the blog writes ${route} itself`,
            { file: source.relativePath },
            `rename the file, or give the blog's introduction with the plugin's \`description\` option`,
          );
          continue;
        }
        const post = readPost(source, authors, authorsPath, wpm, report);
        if (!post) continue;
        const { body } = splitExcerpt(source.body);
        source.body = [
          byline(post, config.lang),
          ...(post.tags.length ? ['', `Tags: ${tagLinks(post, route)}`] : []),
          '',
          body,
        ].join('\n');
        posts.push(post);
      }
      posts.sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
      const lang = config.lang;
      const feedLink = feedEntries > 0 ? ` Follow it with the [Atom feed](${config.base}${feedFile}).` : '';
      for (const page of listPages(
        posts,
        route,
        perPage,
        { title, description, intro: `${md(description)}${feedLink} [All tags](${route}tags/).` },
        route,
        lang,
      ))
        addPage(page);
      const tags = new Map<string, { name: string; posts: BlogPost[] }>();
      for (const post of posts)
        for (const tag of post.tags) {
          const slug = tagSlug(tag);
          const entry = tags.get(slug) ?? { name: tag, posts: [] };
          entry.posts.push(post);
          tags.set(slug, entry);
        }
      const sorted = [...tags].sort(([a], [b]) => a.localeCompare(b));
      addPage({
        route: `${route}tags/`,
        title: `${title} tags`,
        description: `Every tag of the ${title.toLowerCase()}, with how many posts carry it.`,
        frontmatter: { search: false },
        markdown: sorted.length
          ? sorted.map(([slug, t]) => `- [${md(t.name)}](${route}tags/${slug}/) (${t.posts.length})`).join('\n')
          : 'No post has a tag yet.',
      });
      for (const [slug, tag] of sorted)
        for (const page of listPages(
          tag.posts,
          `${route}tags/${slug}/`,
          perPage,
          {
            title: `Posts tagged “${tag.name}”`,
            description: `The ${title.toLowerCase()}'s posts tagged ${tag.name}, newest first.`,
            intro: `[All posts](${route}) · [All tags](${route}tags/)`,
          },
          route,
          lang,
        ))
          addPage(page);
    },
    head: ({ config }) =>
      feedEntries > 0
        ? [
            {
              tag: 'link',
              attrs: { rel: 'alternate', type: 'application/atom+xml', title, href: `${config.base}${feedFile}` },
            },
          ]
        : [],
    outputs: ({ site }) =>
      feedEntries > 0
        ? [{ path: feedFile, contents: atomFeed(site, posts.slice(0, feedEntries), { title, description, route }) }]
        : [],
  };
}

function readPost(
  source: PageSource,
  authors: Map<string, BlogAuthor> | null,
  authorsPath: string,
  wpm: number,
  report: PagesContext['report'],
): BlogPost | null {
  const fm = source.frontmatter as Record<string, unknown>;
  const place = { file: source.relativePath, line: (source.keyLines?.date ?? 1) as number };
  const raw = fm.date instanceof Date ? iso(fm.date) : typeof fm.date === 'string' ? fm.date.slice(0, 10) : undefined;
  const date = raw ?? DATED_NAME.exec(path.posix.basename(source.relativePath))?.[1];
  if (!date || !isDate(date)) {
    report(
      date ? `blog post date "${date}" is not a date` : 'a blog post has no date',
      place,
      'start the file name with the date (`2026-01-15-title.md`) or add `date: 2026-01-15` to the frontmatter',
    );
    return null;
  }
  const named = fm.authors ?? fm.author;
  const list = named === undefined ? [] : Array.isArray(named) ? named : [named];
  const who: BlogAuthor[] = [];
  for (const a of list) {
    if (typeof a === 'string') {
      const found = authors?.get(a);
      if (found) who.push(found);
      else
        report(
          `blog author "${a}" is not in ${authorsPath}`,
          { file: source.relativePath, line: source.keyLines?.authors ?? source.keyLines?.author ?? 1 },
          authors
            ? `add \`${a}: { name: ... }\` to ${authorsPath}, or fix the key`
            : `create ${authorsPath} with \`${a}: { name: ... }\``,
        );
    } else if (a && typeof a === 'object' && typeof (a as BlogAuthor).name === 'string') who.push(a as BlogAuthor);
  }
  const tags = Array.isArray(fm.tags)
    ? fm.tags.filter((t): t is string => typeof t === 'string' && t.trim() !== '')
    : [];
  if (fm.tags !== undefined && (!Array.isArray(fm.tags) || tags.length !== fm.tags.length))
    report(
      'frontmatter "tags" must be a list of words',
      { file: source.relativePath, line: source.keyLines?.tags ?? 1 },
      'for example `tags: [release, workflows]`',
    );
  const { excerpt, truncated, body } = splitExcerpt(source.body);
  return {
    route: source.route,
    relativePath: source.relativePath,
    title: String(fm.title),
    description: String(fm.description),
    date,
    authors: who,
    tags,
    excerpt: relocate(excerpt, source.relativePath),
    truncated,
    minutes: readingMinutes(body, wpm),
  };
}

const xml = (s: string) => escapeHtml(s).replace(/'/g, '&apos;');

/** The Atom feed (RFC 4287) of the newest posts: their summary and full HTML, absolute URLs. */
function atomFeed(site: Site, posts: BlogPost[], blog: { title: string; description: string; route: string }): string {
  const { config } = site;
  const origin = config.siteUrl;
  const url = (p: string) => (origin ? new URL(p, origin).href : p);
  const pages = new Map(site.pages.map((p) => [p.regularPath, p]));
  const home = url(`${config.base}${blog.route.slice(1)}`);
  const updated = posts[0]?.date ?? '1970-01-01';
  const entries = posts.map((post) => {
    const record = pages.get(post.route);
    const link = url(`${config.base}${post.route.slice(1)}`);
    // Links and images in the HTML are site paths: absolute, so that readers outside the site follow them.
    const html = (record?.html ?? '').replace(/(\s(?:href|src)=")\/(?!\/)/g, (_, attr: string) => `${attr}${url('/')}`);
    return [
      '  <entry>',
      `    <title>${xml(post.title)}</title>`,
      `    <link href="${xml(link)}"/>`,
      `    <id>${xml(link)}</id>`,
      `    <published>${post.date}T00:00:00Z</published>`,
      `    <updated>${post.date}T00:00:00Z</updated>`,
      ...post.authors.map(
        (a) => `    <author><name>${xml(a.name)}</name>${a.url ? `<uri>${xml(a.url)}</uri>` : ''}</author>`,
      ),
      ...post.tags.map((t) => `    <category term="${xml(t)}"/>`),
      `    <summary>${xml(post.description)}</summary>`,
      `    <content type="html">${xml(html)}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${xml(`${blog.title} | ${config.title}`)}</title>`,
    `  <subtitle>${xml(blog.description)}</subtitle>`,
    `  <link href="${xml(home)}"/>`,
    `  <link rel="self" href="${xml(url(`${config.base}${blog.route.slice(1)}atom.xml`))}"/>`,
    `  <id>${xml(home)}</id>`,
    `  <updated>${updated}T00:00:00Z</updated>`,
    // Entries without authors of their own take the feed's (RFC 4287 wants one or the other).
    `  <author><name>${xml(config.title)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
