import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS, gzipSize } from '../../bench/weight-report.js';
import { buildGateSites, pagePaths, type BuiltSite } from './site.js';

type Element = DefaultTreeAdapterMap['element'];
type Document = DefaultTreeAdapterMap['document'];

/** Every element of a document, in order. */
function elements(node: DefaultTreeAdapterMap['parentNode']): Element[] {
  const out: Element[] = [];
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue;
    out.push(
      child,
      ...elements(child.tagName === 'template' ? (child as DefaultTreeAdapterMap['template']).content : child),
    );
  }
  return out;
}

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

/** A script that stops the parser: not a module, not deferred or async, and JavaScript (not JSON data). */
const blocksParsing = (el: Element) =>
  el.tagName === 'script' &&
  attr(el, 'type') !== 'module' &&
  attr(el, 'defer') === undefined &&
  attr(el, 'async') === undefined &&
  !/json/.test(attr(el, 'type') ?? '');

/** The largest inline script a page may run before it paints (the theme script is about 200 bytes). */
const INLINE_SCRIPT_MAX = 512;

/**
 * What makes the first paint fast, asserted without timing anything (Lighthouse's performance
 * score, a timing, is measured by `npm run lighthouse`): the requests and bytes a page needs before
 * it can paint, nothing render-blocking beyond the site's stylesheet, and no source of layout shift.
 */
describe('quality/first-paint', () => {
  let site: BuiltSite;
  let pages: { url: string; html: string; doc: Document }[];
  beforeAll(async () => {
    [site] = await buildGateSites();
    const paths = await pagePaths(site.outDir, site.base);
    pages = await Promise.all(
      paths.map(async (url) => {
        const file = path.join(site.outDir, url.slice(site.base.length), url.endsWith('.html') ? '' : 'index.html');
        const html = await readFile(file, 'utf8');
        return { url, html, doc: parse(html) as Document };
      }),
    );
  });
  afterAll(async () => site?.cleanup());

  it("blocks rendering on nothing but the site's own stylesheets and a small inline script", () => {
    const problems: string[] = [];
    for (const { url, doc } of pages) {
      const head = elements(doc).find((el) => el.tagName === 'head')!;
      for (const el of elements(head)) {
        if (
          el.tagName === 'link' &&
          attr(el, 'rel') === 'stylesheet' &&
          !attr(el, 'href')!.startsWith(`${site.base}assets/`)
        )
          problems.push(`${url}: stylesheet from elsewhere ${attr(el, 'href')}`);
        if (blocksParsing(el) && attr(el, 'src')) problems.push(`${url}: a parser-blocking script ${attr(el, 'src')}`);
        if (blocksParsing(el) && !attr(el, 'src')) {
          const size = el.childNodes.map((n) => ('value' in n ? n.value : '')).join('').length;
          if (size > INLINE_SCRIPT_MAX) problems.push(`${url}: an inline script of ${size} bytes before first paint`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it(`needs at most ${(BUDGETS.htmlMax + BUDGETS.css) / 1024} KB (gzip) and two requests besides the page to paint`, async () => {
    const problems: string[] = [];
    const cssSizes = new Map<string, number>();
    for (const { url, html, doc } of pages) {
      const sheets = elements(doc)
        .filter((el) => el.tagName === 'link' && attr(el, 'rel') === 'stylesheet')
        .map((el) => attr(el, 'href')!);
      let bytes = gzipSize(Buffer.from(html));
      for (const href of sheets) {
        if (!cssSizes.has(href))
          cssSizes.set(href, gzipSize(await readFile(path.join(site.outDir, href.slice(site.base.length)))));
        bytes += cssSizes.get(href)!;
      }
      if (sheets.length > 2) problems.push(`${url}: ${sheets.length} stylesheets before first paint`);
      if (bytes > BUDGETS.htmlMax + BUDGETS.css) problems.push(`${url}: ${bytes} bytes before first paint`);
    }
    for (const href of cssSizes.keys()) {
      const css = await readFile(path.join(site.outDir, href.slice(site.base.length)), 'utf8');
      if (/@import/.test(css)) problems.push(`${href}: @import chains a request before first paint`);
    }
    expect(problems).toEqual([]);
  });

  it('gives every image, video and frame its size, so nothing moves when it loads', () => {
    const problems: string[] = [];
    for (const { url, doc } of pages) {
      for (const el of elements(doc)) {
        if (!['img', 'video', 'iframe', 'embed', 'object'].includes(el.tagName)) continue;
        if (attr(el, 'width') === undefined || attr(el, 'height') === undefined)
          problems.push(`${url}: <${el.tagName} ${attr(el, 'src') ?? ''}> without width and height`);
      }
      if (
        /document\.write\(/.test(
          elements(doc)
            .filter((el) => el.tagName === 'script')
            .map((el) => el.childNodes.map((n) => ('value' in n ? n.value : '')).join(''))
            .join(''),
        )
      )
        problems.push(`${url}: document.write`);
    }
    expect(problems).toEqual([]);
  });
});
