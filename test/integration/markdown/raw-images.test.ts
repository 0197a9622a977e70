import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { buildInMemory } from '../../helpers/site.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => Promise.all(cleanups.splice(0).map((c) => c())));

async function site(body: string) {
  const made = await tmpSite({
    'docs.config.ts': configFile({ base: '/docs/' }),
    'content/index.md': page('Home'),
    'content/guide/shots.md': page('Shots', body),
  });
  cleanups.push(made.cleanup);
  const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  await writeFile(path.join(made.root, 'content/guide/editor.png'), png);
  return made.root;
}

/** Raw HTML `<img>` in Markdown, as README files and the peers' pages write it (issue 39). */
describe('markdown: a raw <img> is an image like ![...](...)', () => {
  it('resolves its relative source from the page under the base, with renditions and the size kept', async () => {
    const root = await site(
      '<img src="editor.png" alt="The editor">\n\nInline <img src="./editor.png" alt="Small" width="100"> too.\n\n<p class="centered"><img src="editor.png" alt="Centred"></p>\n\n<a href="https://example.com"><img src="editor.png" alt="Linked"></a>',
    );
    const html = (await buildInMemory(root)).writer.text('guide/shots/index.html')!;
    expect(html).not.toContain('src="editor.png"');
    expect(html).not.toContain('src="./editor.png"');
    expect(html).toMatch(
      /<picture><source type="image\/avif" srcset="\/docs\/assets\/img\/editor\.\w+\.480\.avif 480w/,
    );
    expect(html).toContain('<img src="/docs/guide/editor.png" alt="The editor" width="600" height="300"');
    expect(html).toContain('<img src="/docs/guide/editor.png" alt="Small" width="100" height="50"');
    expect(html).toMatch(/<p class="centered"><span class="zoom">.*alt="Centred".*<\/p>/s);
    // In a link, no zoom button (a button inside a link).
    expect(html).toMatch(/<a href="https:\/\/example.com"><picture>.*alt="Linked".*<\/picture><\/a>/s);
  });

  it('reports a raw image whose file is missing at its line, and keeps a tag with other attributes raw for the security rules', async () => {
    const root = await site('Text.\n\n<img src="missing.png" alt="Gone">\n\n<img src="editor.png" onerror="alert(1)">');
    const { code, stderr } = await runCli(['build', root]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/guide\/shots\.md\s+8:\d+\s+.*missing\.png/);
    expect(stderr).toMatch(/10:\d+\s+an event-handler attribute \(onerror=\)/);
  });
});
