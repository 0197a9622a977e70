import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { ChunkData, RoutesIndexData } from '../../../src/shared/contract.js';
import { chunkIdOf } from '../../../src/shared/paths.js';
import { buildInMemory, fixture } from '../../helpers/site.js';

describe('browser/runtime: the files the runtime reads', () => {
  it('has every chunk register itself under its id, with its route, head, regions and layout', async () => {
    const { writer } = await buildInMemory(fixture('runtime'));
    const chunks = [...writer.files.keys()].filter((file) => /^assets\/js\/v-\w+\.\w+\.js$/.test(file));
    expect(chunks.length).toBe(8);
    for (const file of chunks) {
      const sandbox: { self: { docsChunks?: [string, ChunkData][] } } = { self: {} };
      vm.runInNewContext(writer.text(file)!, sandbox);
      const [[id, chunk]] = sandbox.self.docsChunks!;
      expect(id).toBe(chunkIdOf(`/docs/${file}`));
      expect(chunk.key).toBe(id);
      expect(Object.keys(chunk.head)).toEqual(
        expect.arrayContaining(['title', 'description', 'lang', 'canonical', 'ogTitle', 'siteName']),
      );
      expect(Object.keys(chunk.regions).sort()).toEqual(['content', 'sidebar', 'toc']);
      expect(['doc', 'page']).toContain(chunk.layout);
    }
  });

  it('lists every route in the shard its first segment names, and redirects with their final targets', async () => {
    const { writer } = await buildInMemory(fixture('runtime'));
    // Every page names the table's unhashed URL, so a page does not change when another one does.
    const home = writer.text('index.html')!;
    expect(home).toContain('<meta name="docs:routes" content="/docs/routes.json">');
    const index: RoutesIndexData = JSON.parse(writer.text('routes.json')!);
    const shard = (url: string) => JSON.parse(writer.text(url.slice('/docs/'.length))!);
    expect(Object.keys(shard(index.shards.guide))).toEqual(
      expect.arrayContaining(['/guide/', '/guide/long/', '/guide/second/']),
    );
    expect(Object.keys(shard(index.shards._root))).toEqual(['/']);
    expect(index.redirects).toEqual([
      { from: '/docs/old-second/', to: '/docs/guide/second/', exact: false },
      { from: '/docs/oldest/', to: '/docs/guide/second/', exact: false },
      { from: '/docs/apps/all-apps', to: 'https://apps.acme.example/directory', exact: true },
    ]);
    expect(JSON.parse(writer.text(index.nav.slice('/docs/'.length))!)).toHaveLength(4);
  });
});
