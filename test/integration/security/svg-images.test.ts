import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostileSites } from './sites.js';
import { devSiteEach, get } from '../dev/harness.js';
import { runCli } from '../../helpers/cli.js';
import { buildInMemory } from '../../helpers/site.js';
import { configFile, page } from '../../helpers/tmp-site.js';

/**
 * Issue 37: an SVG in the content folder is published as a file of the site, and opened on its own
 * (a link to it, a new tab) it is a document of the site's origin: its script would run there. An
 * SVG that can run script or pull in other documents is refused at build time, with the file, the
 * line and what to do; nothing of it is published.
 */

const { site, problemsOf } = hostileSites();

const svg = (inner: string, before = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${before}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">\n  <rect width="10" height="10"/>\n${inner}\n</svg>\n`;

describe('an SVG image that can run script is refused', () => {
  it.each([
    ['a <script> element', '  <script>alert(document.cookie)</script>', 'a <script> element'],
    ['an event handler', '  <circle r="4" onload="alert(1)"/>', 'an event-handler attribute (onload=)'],
    ['a javascript: link', '  <a xlink:href="javascript:alert(1)"><text>x</text></a>', 'a javascript: URL'],
    ['an external <use>', '  <use href="https://evil.example/sprite.svg#icon"/>', 'a <use> of another document'],
    ['a foreignObject', '  <foreignObject width="10" height="10"><div>hi</div></foreignObject>', 'a <foreignObject>'],
  ])('%s, at its line', async (_, inner, what) => {
    const root = await site({
      'content/img/logo.svg': svg(inner),
      'content/guide.md': page('Guide', '![Logo](./img/logo.svg)'),
    });
    const problems = await problemsOf(root);
    expect(problems.map((p) => `${p.where}  ${p.message}`)).toEqual([
      expect.stringMatching(new RegExp(`^img/logo\\.svg:4:\\d+  the SVG image holds ${what.replace(/[()]/g, '\\$&')}`)),
    ]);
    expect(problems[0].fix).toMatch(/plain SVG|allowedUrlSchemes/);
  });

  it('an external entity in its doctype, at its line', async () => {
    const root = await site({
      'content/img/logo.svg': svg(
        '  <text>&xxe;</text>',
        '<!DOCTYPE svg [\n  <!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n',
      ),
    });
    const problems = await problemsOf(root);
    expect(problems.map((p) => `${p.where}  ${p.message}`)).toEqual([
      expect.stringMatching(/^img\/logo\.svg:3:3 {2}the SVG image declares an entity \(<!ENTITY\)/),
    ]);
  });

  it('an ordinary SVG builds and is published as it is: internal <use>, embedded raster, links', async () => {
    const file = svg(
      '  <defs><g id="dot"><circle r="2"/></g></defs>\n  <use href="#dot"/>\n  <use xlink:href="#dot"/>\n' +
        '  <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>\n  <a href="https://example.com/"><text>site</text></a>',
    );
    const root = await site({ 'content/img/logo.svg': file });
    const built = await buildInMemory(root);
    expect(built.writer.text('img/logo.svg')).toBe(file);
  });

  it('`security.allowScripts: true` lets a scripted SVG through', async () => {
    const root = await site({
      'docs.config.ts': configFile({ security: { allowScripts: true } }),
      'content/img/logo.svg': svg('  <script>console.log(1)</script>'),
    });
    expect(await problemsOf(root)).toEqual([]);
  });

  it('the CLI exits 1 naming the file and line, and leaves dist/ as it was', async () => {
    const root = await site({ 'content/img/logo.svg': svg('') });
    expect((await runCli(['build', root])).code).toBe(0);
    const before = await readFile(path.join(root, 'dist/img/logo.svg'), 'utf8');
    await writeFile(path.join(root, 'content/img/logo.svg'), svg('  <script>alert(1)</script>'));
    const result = await runCli(['build', root]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/img\/logo\.svg\n\s+4(:\d+)?\s+the SVG image holds a <script> element/);
    expect(result.stderr).toContain('security.allowScripts');
    expect(await readFile(path.join(root, 'dist/img/logo.svg'), 'utf8')).toBe(before);
  });
});

describe('dev server: an SVG with script', { timeout: 180_000 }, () => {
  const devSite = devSiteEach('dev');

  it('shows the problem, keeps serving, and does not serve the SVG', async () => {
    await writeFile(devSite.site.file('content/guide/evil.svg'), svg('  <script>alert(1)</script>'));
    const found = await devSite.events.next('problems', (data) =>
      (data.problems as { message: string }[]).some((p) => p.message.includes('SVG image holds')),
    );
    expect((found.data.problems as { file: string; line?: number }[])[0]).toMatchObject({
      file: 'guide/evil.svg',
      line: 4,
    });
    expect((await get(`${devSite.dev.origin}/docs/guide/install/`)).status).toBe(200);
    expect((await get(`${devSite.dev.origin}/docs/guide/evil.svg`)).text).not.toContain('alert(1)');
  });
});
