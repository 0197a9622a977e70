import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDir } from '../helpers/site.js';

describe('serve', () => {
  let server: Awaited<ReturnType<typeof serveDir>>;
  beforeAll(async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'docs-serve-'));
    const dir = path.join(root, 'dist');
    await mkdir(path.join(dir, 'guide'), { recursive: true });
    await mkdir(path.join(dir, 'assets'), { recursive: true });
    await writeFile(path.join(dir, 'index.html'), '<h1>home</h1>');
    await writeFile(path.join(dir, 'guide/index.html'), `<h1>guide</h1>${'x'.repeat(2000)}`);
    await writeFile(path.join(dir, '404.html'), '<h1>not found page</h1>');
    await writeFile(path.join(dir, 'assets/app.Ab12Cd34.js'), 'console.log(1)');
    await writeFile(path.join(root, 'secret.txt'), 'secret');
    await symlink(path.join(root, 'secret.txt'), path.join(dir, 'leak.txt'));
    server = await serveDir(dir);
  });
  afterAll(() => server.close());
  const get = (p: string, headers: Record<string, string> = {}) => fetch(server.origin + p, { redirect: 'manual', headers });

  it('redirects /docs/x to /docs/x/ and serves index.html at both forms', async () => {
    const r = await get('/docs/guide');
    expect(r.status).toBe(301);
    expect(r.headers.get('location')).toBe('/docs/guide/');
    expect(await (await get('/docs/guide/')).text()).toContain('guide');
    expect((await get('/docs/guide/index.html')).status).toBe(200);
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    const r = await get('/docs/nope/');
    expect(r.status).toBe(404);
    expect(await r.text()).toContain('not found page');
  });

  it('never serves anything outside the site folder', async () => {
    for (const p of ['/docs/../secret.txt', '/docs/%2e%2e/secret.txt', '/docs/guide%2f..%2f..%2fsecret.txt', '/docs/leak.txt', '/docs/%00']) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(await r.text()).not.toContain('secret');
    }
  });

  it('sends content types, caching for hashed assets and compressed bodies', async () => {
    const js = await get('/docs/assets/app.Ab12Cd34.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toContain('immutable');
    const html = await fetch(`${server.origin}/docs/guide/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(html.headers.get('content-encoding')).toBe('gzip');
    expect(html.headers.get('cache-control')).toBe('no-cache');
  });

  it('redirects the site root to the base', async () => {
    const r = await get('/');
    expect(r.status).toBe(301);
    expect(r.headers.get('location')).toBe('/docs/');
  });
});

