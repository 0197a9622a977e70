import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtBase } from '../../src/serve/index.js';
import { serveDir } from '../helpers/site.js';

describe('serve', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docs-review-serve-'));
    await mkdir(path.join(dir, 'guide'), { recursive: true });
    await writeFile(path.join(dir, 'index.html'), '<h1>home</h1>');
    await writeFile(path.join(dir, 'guide/index.html'), '<h1>guide</h1>');
    await writeFile(path.join(dir, '404.html'), '<meta name="docs:base" content="/handbook/"><h1>not found page</h1>');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves a site built for the base "/" at the root, without redirecting "/" to itself', async () => {
    const server = await serveDir(dir, '/');
    try {
      const home = await fetch(`${server.origin}/`, { redirect: 'manual' });
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('home');
      const guide = await fetch(`${server.origin}/guide`, { redirect: 'manual' });
      expect(guide.status).toBe(301);
      expect(guide.headers.get('location')).toBe('/guide/');
    } finally {
      await server.close();
    }
  });

  it('reads the base a site was built with from its 404.html', async () => {
    expect(await builtBase(dir)).toBe('/handbook/');
    expect(await builtBase(path.join(dir, 'guide'))).toBeUndefined();
  });
});
