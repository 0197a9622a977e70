import { readFileSync } from 'node:fs';
import { contentFile } from '../versions/paths.js';
import { BuildError } from '../model/errors.js';
import { fallbackOf } from '../i18n/locales.js';
import { absolute } from '../model/site.js';
import type { Site } from '../model/site.js';
import type { OutputFile, PageOutline, PageRecord } from '../model/page.js';

/**
 * Atom feeds for dated pages (a changelog): a page with `feed: true` in its frontmatter has one
 * entry per `##` heading, each heading an ISO date (`## 2026-11-20`), newest first. The feed is
 * written beside the page as `<route>feed.xml` and linked from the page's head.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FEED_FILE = 'feed.xml';

export const isFeedPage = (page: PageOutline) => page.frontmatter.feed === true;

/** The feed's URL path (with the base) for a feed page, or undefined for any other page. */
export function feedHref(page: PageOutline): string | undefined {
  return isFeedPage(page) ? `${page.path}${FEED_FILE}` : undefined;
}

/** Where each feed is written, relative to the output folder ("changelog/feed.xml"): pages may link to it. */
export function feedPaths(site: Site): Set<string> {
  return new Set(site.pages.filter(isFeedPage).map(feedPath));
}

const feedPath = (page: PageRecord) => `${page.regularPath.slice(1)}${FEED_FILE}`;

/** A real calendar date: `2026-02-30` matches the pattern but is not one. */
function isDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(text);
}

/** The `##` headings of a page's source with their file lines (fenced code skipped). */
function datedHeadings(site: Site, page: PageRecord): { text: string; line: number }[] {
  // An untranslated page (src/i18n/locales.ts) is its original's Markdown: no file at its own path.
  const source = readFileSync(contentFile(site.config, fallbackOf(page) ?? page.relativePath), 'utf8');
  const out: { text: string; line: number }[] = [];
  let fence: string | null = null;
  for (const [i, line] of source.split(/\r?\n/).entries()) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) fence = fence === null ? marker : null;
    else if (fence === null && /^##\s/.test(line))
      out.push({
        text: line
          .replace(/^##\s+/, '')
          .replace(/\s*\{#[^}]*\}\s*$/, '')
          .trim(),
        line: i + 1,
      });
  }
  return out;
}

/** Every `##` heading of a feed page must be an ISO date, the dates newest first: file:line otherwise. */
export function feedProblems(site: Site): BuildError[] {
  const problems: BuildError[] = [];
  for (const page of site.pages.filter(isFeedPage)) {
    const headings = datedHeadings(site, page);
    if (headings.length === 0) {
      problems.push(
        new BuildError(
          'a page with `feed: true` has no `##` date headings',
          { file: page.relativePath, line: 1 },
          'add one section per entry, headed by its date: `## 2026-11-20`',
        ),
      );
    }
    let previous: string | undefined;
    for (const { text, line } of headings) {
      if (!isDate(text)) {
        problems.push(
          new BuildError(
            `feed heading "${text}" is not a date`,
            { file: page.relativePath, line },
            'write each `##` heading of a feed page as an ISO date, YYYY-MM-DD (use `###` for headings inside an entry)',
          ),
        );
        continue;
      }
      if (previous !== undefined && text > previous) {
        problems.push(
          new BuildError(
            `feed entry ${text} comes after the older entry ${previous}`,
            { file: page.relativePath, line },
            'order the dated sections newest first',
          ),
        );
      }
      previous = text;
    }
  }
  return problems;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The rendered HTML of each `##` section, keyed by heading id. */
function sectionHtml(html: string): Map<string, string> {
  const out = new Map<string, string>();
  const parts = html.split(/(?=<h2[\s>])/);
  for (const part of parts) {
    const id = /^<h2[^>]*\sid="([^"]+)"/.exec(part)?.[1];
    if (id) out.set(id, part.replace(/^<h2[\s\S]*?<\/h2>/, '').trim());
  }
  return out;
}

/** One Atom document per feed page, at `<route>feed.xml`. */
export function feedFiles(site: Site): OutputFile[] {
  return site.pages.filter(isFeedPage).map((page) => {
    const pageUrl = absolute(site, page.path);
    const bodies = sectionHtml(page.html);
    const entries = page.headers
      .filter((h) => h.level === 2 && isDate(h.title))
      .map((h) => {
        const updated = `${h.title}T00:00:00Z`;
        return [
          '<entry>',
          `<title>${escapeXml(`${page.title}: ${h.title}`)}</title>`,
          `<id>${escapeXml(`${pageUrl}#${h.slug}`)}</id>`,
          `<link rel="alternate" type="text/html" href="${escapeXml(`${pageUrl}#${h.slug}`)}"/>`,
          `<updated>${updated}</updated>`,
          `<content type="html">${escapeXml(bodies.get(h.slug) ?? '')}</content>`,
          '</entry>',
        ].join('\n');
      });
    const newest = page.headers.find((h) => h.level === 2 && isDate(h.title))?.title ?? '1970-01-01';
    const contents = [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<feed xmlns="http://www.w3.org/2005/Atom">',
      `<title>${escapeXml(`${page.title} | ${site.config.title}`)}</title>`,
      `<subtitle>${escapeXml(page.description)}</subtitle>`,
      `<id>${escapeXml(pageUrl)}</id>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(pageUrl)}"/>`,
      `<link rel="self" type="application/atom+xml" href="${escapeXml(absolute(site, feedHref(page)!))}"/>`,
      `<updated>${newest}T00:00:00Z</updated>`,
      `<author><name>${escapeXml(site.config.title)}</name></author>`,
      ...entries,
      '</feed>',
      '',
    ].join('\n');
    return { path: feedPath(page), contents };
  });
}
