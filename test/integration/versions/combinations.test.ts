import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { buildInMemory, REPO } from '../../helpers/site.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => Promise.all(cleanups.splice(0).map((c) => c())));

const png = (width: number, background: string) =>
  sharp({ create: { width, height: width / 2, channels: 3, background } })
    .png()
    .toBuffer();

async function site(files: Record<string, string>) {
  const made = await tmpSite(files);
  cleanups.push(made.cleanup);
  return made.root;
}

/** The renditions a page's <picture> names, in source order. */
const sources = (html: string) => [...html.matchAll(/srcset="([^"]+)"/g)].map((m) => m[1]);

describe('versions beside the other features', () => {
  it('builds a PNG that two versions share once, and each version renders its own PNG when they differ', async () => {
    const root = await site({
      'docs.config.ts': configFile({ base: '/docs/', versions: { current: { name: '2.0' } } }),
      'versions.json': '["1.0"]',
      'content/index.md': page('Home', '![Shared](shared.png)\n\n![Editor](editor.png)'),
      'versions/1.0/content/index.md': page('Home', '![Shared](shared.png)\n\n![Editor](editor.png)'),
    });
    const shared = await png(600, '#3366aa');
    for (const dir of ['content', 'versions/1.0/content']) await writeFile(path.join(root, dir, 'shared.png'), shared);
    await writeFile(path.join(root, 'content/editor.png'), await png(800, '#aa6633'));
    await writeFile(path.join(root, 'versions/1.0/content/editor.png'), await png(640, '#11aa11'));
    const { writer } = await buildInMemory(root);
    const current = sources(writer.text('index.html')!);
    const old = sources(writer.text('1.0/index.html')!);
    // The shared image: the same renditions in both versions.
    expect(old.filter((s) => s.includes('/shared.'))).toEqual(current.filter((s) => s.includes('/shared.')));
    // The one that differs: each version's own renditions, each read from its own file.
    const editor = (list: string[]) => list.filter((s) => s.includes('/editor.')).join(' ');
    expect(editor(current)).toContain('.800.avif');
    expect(editor(old)).toContain('.640.avif');
    const oldRendition = editor(old).match(/\/docs\/(assets\/img\/editor\.\w+\.640\.avif)/)![1];
    expect((await sharp(writer.files.get(oldRendition) as Uint8Array).metadata()).width).toBe(640);
  });

  it('builds an old version whose MDX page imports a component from outside content/, as it was', async () => {
    const component = (text: string) =>
      `import { Hint } from './hint.tsx';\nexport function Note() { return <p className="note">{${JSON.stringify(text)}}<Hint /></p>; }\n`;
    const root = await site({
      'docs.config.ts': configFile({ base: '/docs/' }),
      'content/index.md': page('Home'),
      'content/guide/intro.mdx': page('Intro', "import { Note } from '../../components/note.tsx';\n\n<Note />"),
      'components/note.tsx': component('First note.'),
      'components/hint.tsx': 'export function Hint() { return <em>hint</em>; }\n',
    });
    expect(await runCli(['version', '1.0', root])).toMatchObject({ code: 0, stderr: '' });
    await writeFile(
      path.join(root, 'docs.config.ts'),
      configFile({ base: '/docs/', versions: { current: { name: '2.0' } } }).replace(/__SRC__/g, path.join(REPO, 'src')),
    );
    // The component moves on after the snapshot; the old version keeps the one it was written with.
    await writeFile(path.join(root, 'components/note.tsx'), component('Second note.'));
    const { writer } = await buildInMemory(root);
    expect(writer.text('1.0/guide/intro/index.html')).toContain('<p class="note">First note.<em>hint</em></p>');
    expect(writer.text('guide/intro/index.html')).toContain('<p class="note">Second note.<em>hint</em></p>');
  });

  it('shows a version made by `docs version` with no `versions` key: versions.json is enough', async () => {
    const root = await site({
      'docs.config.ts': configFile({ base: '/docs/' }),
      'content/index.md': page('Home', 'Version one text.'),
      'content/guide.md': page('Guide'),
    });
    expect(await runCli(['version', '1.0', root])).toMatchObject({ code: 0, stderr: '' });
    await writeFile(path.join(root, 'content/index.md'), page('Home', 'Unreleased text.'));
    const { writer } = await buildInMemory(root);
    // As Docusaurus does: the snapshot is the current version at the base, content/ the unreleased "next".
    expect(writer.text('index.html')).toContain('Version one text.');
    expect(writer.text('next/index.html')).toContain('Unreleased text.');
    const menu = writer
      .text('next/guide/index.html')!
      .match(/<nav class="language-menu version-menu"[\s\S]*?<\/nav>/)![0];
    expect(menu).toContain('<a href="/docs/guide/" data-no-router="">1.0</a>');
  });
});
