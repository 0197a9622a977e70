import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { HtmlValidate, StaticConfigLoader, type ConfigData } from 'html-validate';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { REPO } from '../helpers/site.js';
import { buildGateSites, GATE_ROOTS, type BuiltSite } from './site.js';

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

/**
 * The HTML gate: every HTML file of the built site is valid, has unique ids, sized images, and
 * every link and `#anchor` it holds to the site itself resolves to a file and an id that exist.
 */
const CONFIG: ConfigData = {
  extends: ['html-validate:standard', 'html-validate:a11y', 'html-validate:document'],
  rules: {
    // Same-origin, content-hashed assets: integrity attributes would add bytes and no safety.
    'require-sri': 'off',
    // Callouts are <aside> inside the <article>: HTML-AAM maps those to no landmark, so they need no name.
    'unique-landmark': 'off',
  },
};

/**
 * The same configuration for every file, resolved once: html-validate's own loader resolves it again for each
 * file (the presets merged, the element metadata loaded and checked), a fifth of the gate's CPU over the site's
 * 153 files. The messages are the same either way (compared over 30 pages with errors put in).
 */
class ResolvedOnce extends StaticConfigLoader {
  private resolved?: ReturnType<StaticConfigLoader['getConfigFor']>;
  override getConfigFor(handle: string, override?: ConfigData): ReturnType<StaticConfigLoader['getConfigFor']> {
    if (override) return super.getConfigFor(handle, override);
    return (this.resolved ??= super.getConfigFor(handle));
  }
}

const validator = new HtmlValidate(new ResolvedOnce(CONFIG));

function elements(node: Node, out: Element[] = []): Element[] {
  if ('tagName' in node) out.push(node);
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) elements(child, out);
  if ('content' in node && node.content) elements(node.content as Node, out);
  return out;
}

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

interface ParsedFile {
  file: string;
  html: string;
  ids: string[];
  elements: Element[];
}

async function readSite(outDir: string): Promise<Map<string, ParsedFile>> {
  const files = (await readdir(outDir, { recursive: true }))
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.html'));
  const parsed = new Map<string, ParsedFile>();
  for (const file of files.sort()) {
    const html = await readFile(path.join(outDir, file), 'utf8');
    const els = elements(parse(html) as unknown as Node);
    parsed.set(file, {
      file,
      html,
      elements: els,
      ids: els.map((el) => attr(el, 'id')).filter((id): id is string => id !== undefined),
    });
  }
  return parsed;
}

describe.each(GATE_ROOTS.map((root) => ({ root, name: path.relative(REPO, root) || 'the site' })))(
  'quality/html: $name',
  ({ root }) => {
    let site: BuiltSite;
    let files: Map<string, ParsedFile>;
    let siteOrigin: string | undefined;
    beforeAll(async () => {
      [site] = await buildGateSites([root]);
      files = await readSite(site.outDir);
      siteOrigin = (await loadConfig(root)).siteUrl;
    });
    afterAll(async () => site?.cleanup());

    it('builds HTML files to check', () => {
      expect(files.size).toBeGreaterThan(3);
    });

    it('validates every HTML file with html-validate without errors', async () => {
      const problems: string[] = [];
      for (const { file, html } of files.values()) {
        const report = await validator.validateString(html, file);
        for (const result of report.results)
          for (const m of result.messages) problems.push(`${file}:${m.line}:${m.column}  ${m.message} (${m.ruleId})`);
      }
      expect(problems).toEqual([]);
    });

    it('gives no two elements of a page the same id', () => {
      const problems: string[] = [];
      for (const { file, ids } of files.values()) {
        const seen = new Set<string>();
        for (const id of ids) {
          if (seen.has(id)) problems.push(`${file}: id "${id}" is used more than once`);
          seen.add(id);
        }
      }
      expect(problems).toEqual([]);
    });

    it('resolves every internal link and #anchor to a file and an id of the built site', async () => {
      const problems: string[] = [];
      const base = site.base;
      const exists = async (rel: string) => {
        if (files.has(rel)) return true;
        try {
          await readFile(path.join(site.outDir, rel));
          return true;
        } catch {
          return false;
        }
      };
      for (const { file, elements: els } of files.values()) {
        const pageUrl = new URL(`${base}${file.replace(/(^|\/)index\.html$/, '$1')}`, 'http://site.invalid');
        for (const el of els) {
          const ref =
            el.tagName === 'a' || el.tagName === 'link'
              ? attr(el, 'href')
              : el.tagName === 'script' || el.tagName === 'img'
                ? attr(el, 'src')
                : undefined;
          if (!ref || (el.tagName === 'link' && attr(el, 'rel') === 'canonical' && !siteOrigin)) continue;
          let url: URL;
          if (siteOrigin && ref.startsWith(new URL(base, siteOrigin).href))
            url = new URL(ref.slice(siteOrigin.replace(/\/$/, '').length), 'http://site.invalid');
          else if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(ref))
            continue; // another site
          else url = new URL(ref, pageUrl);
          if (!url.pathname.startsWith(base)) {
            problems.push(`${file}: ${ref} points outside the base ${base}`);
            continue;
          }
          const rel = decodeURIComponent(url.pathname.slice(base.length));
          const target = rel === '' || rel.endsWith('/') ? `${rel}index.html` : rel;
          if (!(await exists(target))) {
            problems.push(`${file}: ${ref} -> ${target} does not exist`);
            continue;
          }
          const hash = decodeURIComponent(url.hash.slice(1));
          if (hash && target.endsWith('.html') && !files.get(target)?.ids.includes(hash))
            problems.push(`${file}: ${ref} -> no id "${hash}" in ${target}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('gives every image a width and a height, so nothing shifts when it loads', () => {
      const problems: string[] = [];
      for (const { file, elements: els } of files.values()) {
        for (const el of els)
          if (el.tagName === 'img' && (!attr(el, 'width') || !attr(el, 'height')))
            problems.push(`${file}: <img src="${attr(el, 'src')}"> has no width and height`);
      }
      expect(problems).toEqual([]);
    });
  },
);
