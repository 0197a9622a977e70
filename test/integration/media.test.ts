import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory } from '../helpers/site.js';
import { configFile, page, tmpSite } from '../helpers/tmp-site.js';

const png = (width: number, height: number, background = '#3366aa') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/**
 * A site with a page of each feature and one with none: what each build writes, what each page
 * links, and the image cache (node_modules/.cache/docs/images under the site's root).
 */
describe('build: diagrams, math and images', () => {
  let root: string;
  let cleanup: () => Promise<void>;
  let first: Awaited<ReturnType<typeof buildInMemory>>;
  beforeAll(async () => {
    ({ root, cleanup } = await tmpSite({
      'docs.config.ts': configFile({ base: '/docs/' }),
      'content/index.md': page('Home', 'Plain text for $19 a month.'),
      'content/math.md': page('Math', 'Euler: $e^{i\\pi} + 1 = 0$.'),
      'content/diagram.md': page('Diagram', '```mermaid\nflowchart LR\n  A --> B\n```'),
      'content/guide/shots.md': page(
        'Shots',
        '![The editor](editor.png)\n\n## Dark\n\n![The editor](editor-dark.jpg#dark)',
      ),
    }));
    await writeFile(path.join(root, 'content/guide/editor.png'), await png(1000, 500));
    await writeFile(
      path.join(root, 'content/guide/editor-dark.jpg'),
      await sharp({ create: { width: 600, height: 300, channels: 3, background: '#111' } })
        .jpeg()
        .toBuffer(),
    );
    first = await buildInMemory(root);
  });
  afterAll(() => cleanup());

  it('writes AVIF and WebP renditions at each width, and keeps the originals', async () => {
    const renditions = [...first.writer.files.keys()].filter((f) => f.startsWith('assets/img/')).sort();
    expect(renditions.map((f) => f.replace(/\.\w{10}\./, '.#.'))).toEqual([
      'assets/img/editor-dark.#.480.avif',
      'assets/img/editor-dark.#.480.webp',
      'assets/img/editor-dark.#.600.avif',
      'assets/img/editor-dark.#.600.webp',
      'assets/img/editor.#.1000.avif',
      'assets/img/editor.#.1000.webp',
      'assets/img/editor.#.480.avif',
      'assets/img/editor.#.480.webp',
      'assets/img/editor.#.768.avif',
      'assets/img/editor.#.768.webp',
    ]);
    for (const file of renditions) {
      const meta = await sharp(first.writer.files.get(file) as Uint8Array).metadata();
      expect(meta.format, file).toBe(file.endsWith('.avif') ? 'heif' : 'webp');
      expect(meta.width, file).toBe(Number(file.split('.').at(-2)));
    }
    expect(first.writer.files.get('guide/editor.png')).toBeDefined();
    expect(first.imagesConverted).toBe(10);
  });

  it('converts nothing on an unchanged build, and again only the image that changed', async () => {
    const again = await buildInMemory(root);
    expect(again.imagesConverted).toBe(0);
    expect([...again.writer.files.keys()].filter((f) => f.startsWith('assets/img/')).length).toBe(10);
    // A new file at the same path: new size attributes, new rendition names (the page's cached record is stale).
    await writeFile(path.join(root, 'content/guide/editor.png'), await png(800, 400, '#aa6633'));
    const changed = await buildInMemory(root);
    expect(changed.imagesConverted).toBe(6);
    expect(changed.writer.text('guide/shots/index.html')).toContain('alt="The editor" width="800" height="400"');
  });

  it('links each feature stylesheet only from the pages that use it', () => {
    const links = (file: string) =>
      [...first.writer.text(file)!.matchAll(/<link rel="stylesheet" href="\/docs\/assets\/(\w+)\.\w+\.css">/g)].map(
        (m) => m[1],
      );
    expect(links('index.html')).toEqual(['style']);
    expect(links('math/index.html')).toEqual(['style', 'math']);
    // KaTeX's glyph positions, as classes (no inline style), in a stylesheet of the page's own.
    const own = /<link rel="stylesheet" href="\/docs\/(assets\/css\/\w+\.css)">/.exec(
      first.writer.text('math/index.html')!,
    )![1];
    expect(first.writer.text(own)).toMatch(/^\.k[0-9a-f]{6}\{/);
    expect(first.writer.text('index.html')).not.toContain('assets/css/');
    expect(links('diagram/index.html')).toEqual(['style', 'diagram']);
    expect(links('guide/shots/index.html')).toEqual(['style', 'images']);
    // The chunk the runtime navigates with carries the link too.
    const chunk = [...first.writer.files.keys()].find(
      (f) => f.startsWith('assets/js/') && first.writer.text(f)!.includes('"route":"/math/"'),
    )!;
    const text = first.writer.text(chunk)!;
    const [, data] = JSON.parse(text.slice(text.indexOf('.push(') + '.push('.length, text.lastIndexOf(')')));
    expect(data.regions.content).toMatch(
      /^<link rel="stylesheet" href="\/docs\/assets\/math\.\w+\.css"><link rel="stylesheet" href="\/docs\/assets\/css\/\w+\.css"><article/,
    );
  });

  it('ships the math fonts as WOFF2 only, referenced by the math stylesheet alone', () => {
    const files = [...first.writer.files.keys()];
    const fonts = files.filter((f) => /\.(woff2?|ttf|otf|eot)$/.test(f));
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((f) => /^assets\/KaTeX_[\w-]+\.\w+\.woff2$/.test(f))).toBe(true);
    const math = first.writer.text(files.find((f) => /^assets\/math\.\w+\.css$/.test(f))!)!;
    for (const font of fonts) expect(math).toContain(font.slice('assets/'.length));
    expect(math).not.toMatch(/\.woff\)|\.ttf\)|font-display:block/);
    const others = files.filter((f) => /^assets\/[^/]+\.css$/.test(f) && !f.startsWith('assets/math.'));
    for (const css of others) expect(first.writer.text(css)).not.toMatch(/KaTeX|@font-face/);
  });
});
