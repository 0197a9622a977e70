import { afterEach, describe, expect, it } from 'vitest';
import { BuildFailure } from '../../../src/model/errors.js';
import { buildInMemory } from '../../helpers/site.js';
import { page, tmpSite } from '../../helpers/tmp-site.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function site(files: Record<string, string>) {
  const s = await tmpSite({ 'content/index.md': page('Home'), ...files });
  cleanup = s.cleanup;
  return s.root;
}

describe('build: files beside the pages', () => {
  it('copies images and downloads, and points links at them relative to the source file', async () => {
    const root = await site({
      'content/guide/setup.md': page('Setup', '![The flow](./diagram.svg)\n\nGet [the sample](files/sample.json).'),
      'content/guide/diagram.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"/>',
      'content/guide/files/sample.json': '{"ok":true}',
    });
    const built = await buildInMemory(root);
    expect(built.writer.text('guide/diagram.svg')).toContain('<svg');
    expect(built.writer.text('guide/files/sample.json')).toBe('{"ok":true}');
    const html = built.writer.text('guide/setup/index.html')!;
    expect(html).toContain('<img src="/guide/diagram.svg" alt="The flow" width="120" height="80">');
    expect(html).toContain('<a href="/guide/files/sample.json">the sample</a>');
  });

  it('fails on an image that is not there, with the line', async () => {
    const root = await site({ 'content/a.md': page('A', 'Text.\n\n![Missing](missing.png)') });
    const error = (await buildInMemory(root).catch((e) => e)) as BuildFailure;
    expect(error).toBeInstanceOf(BuildFailure);
    expect(error.format()).toMatch(/a\.md\n\s+8:\d+\s+link to a missing file: missing\.png/);
  });

  it('fails when a file would stand where the build writes something else', async () => {
    const root = await site({ 'content/guide.md': page('Guide'), 'content/guide/index.html': '<p>hand-written</p>' });
    const error = (await buildInMemory(root).catch((e) => e)) as BuildFailure;
    expect(error.format()).toContain('two outputs have the path guide/index.html');
  });
});
