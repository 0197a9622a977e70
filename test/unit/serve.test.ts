import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, headersFile } from '../../src/outputs/headers.js';
import { createStaticServer, listen } from '../../src/serve/index.js';
import { serveDir } from '../helpers/site.js';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request with the path sent exactly as given (fetch would normalise `/./` and `//`). */
function request(port: number, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A request line written on the socket as is: what no HTTP client library would send. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let reply = '';
    socket.on('data', (d) => (reply += d));
    socket.on('end', () => resolve(reply));
    socket.on('error', reject);
  });
}

async function serve(dir: string, base: string): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createStaticServer({ dir, base });
  const port = await listen(server, 0, '127.0.0.1');
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('serve', () => {
  let root: string;
  let dir: string;
  let docs: { port: number; close: () => Promise<void> };
  let atRoot: { port: number; close: () => Promise<void> };
  const page = `<!doctype html><title>guide</title>${'guide text '.repeat(200)}`;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'docs-unit-serve-'));
    dir = path.join(root, 'dist');
    await mkdir(path.join(dir, 'guide'), { recursive: true });
    await mkdir(path.join(dir, 'api'), { recursive: true });
    await mkdir(path.join(dir, 'assets'), { recursive: true });
    await mkdir(path.join(dir, 'downloads'), { recursive: true });
    await writeFile(path.join(dir, 'index.html'), '<h1>home</h1>');
    await writeFile(path.join(dir, 'guide/index.html'), page);
    await writeFile(path.join(dir, 'api/index.html'), '<h1>api</h1>');
    await writeFile(path.join(dir, '404.html'), '<h1>not found page</h1>');
    await writeFile(path.join(dir, 'assets/client.Ab12Cd34.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'downloads/example.conf'), 'listen 80;');
    await writeFile(path.join(dir, 'downloads/app.webmanifest'), '{}');
    await writeFile(path.join(dir, 'downloads/module.wasm'), Buffer.from([0, 97, 115, 109]));
    await writeFile(path.join(dir, 'downloads/platform.d.ts'), 'export declare const a: number;');
    await writeFile(path.join(dir, 'guide/index.md'), '# Guide');
    await writeFile(path.join(dir, '_headers'), headersFile({ analytics: {}, base: '/docs/' }).contents);
    await writeFile(path.join(dir, '_redirects'), '/docs/old/ /docs/guide/ 301\n');
    await writeFile(path.join(dir, 'nginx-headers.conf'), 'add_header X-Test 1;\n');
    await writeFile(path.join(dir, 'nginx-redirects.conf'), 'location = /docs/old/ { return 301 /docs/guide/; }\n');
    // A folder outside the site, linked from inside it: none of it may be served.
    await mkdir(path.join(root, 'outside/sub'), { recursive: true });
    await writeFile(path.join(root, 'outside/index.html'), 'secret index');
    await writeFile(path.join(root, 'outside/sub/index.html'), 'secret sub index');
    await writeFile(path.join(root, 'outside/sub/file.txt'), 'secret file');
    await symlink(path.join(root, 'outside'), path.join(dir, 'linked'), 'dir');
    docs = await serve(dir, '/docs/');
    atRoot = await serve(dir, '/');
  });
  afterAll(async () => {
    await docs?.close();
    await atRoot?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("sends the site's own _headers, as Netlify and Cloudflare Pages do: CSP, Referrer-Policy, nosniff, a year for assets", async () => {
    const html = await request(docs.port, '/docs/guide/');
    expect(html.headers['content-security-policy']).toBe(contentSecurityPolicy({ analytics: {} }));
    expect(html.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    expect(html.headers['cache-control']).toBe('no-cache');
    const asset = await request(docs.port, '/docs/assets/client.Ab12Cd34.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-security-policy']).toBeDefined();
    const missing = await request(docs.port, '/docs/nope/');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-security-policy']).toBeDefined();
  });

  it('honours a quality of 0 in Accept-Encoding: br;q=0 is refused', async () => {
    const refused = await request(docs.port, '/docs/guide/', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const none = await request(docs.port, '/docs/guide/', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(page);
    const star = await request(docs.port, '/docs/guide/', { 'accept-encoding': '*;q=0.5, br;q=0' });
    expect(star.headers['content-encoding']).toBe('gzip');
  });

  it("sends the site's _headers on a 301 as on any answer", async () => {
    const reply = await request(docs.port, '/docs/guide');
    expect(reply.status).toBe(301);
    expect(reply.headers['content-security-policy']).toBe(contentSecurityPolicy({ analytics: {} }));
    expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves an SVG with a policy that stops its scripts', async () => {
    await writeFile(path.join(dir, 'downloads/chart.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const reply = await request(docs.port, '/docs/downloads/chart.svg');
    expect(reply.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(reply.headers['content-security-policy']).toContain("script-src 'none'");
    expect(reply.headers['content-security-policy']).toContain('sandbox');
  });

  it('does not serve the host files: _headers, _redirects, nginx-*.conf', async () => {
    for (const file of ['_headers', '_redirects', 'nginx-headers.conf', 'nginx-redirects.conf']) {
      const reply = await request(docs.port, `/docs/${file}`);
      expect(reply.status, file).toBe(404);
      expect(reply.body.toString(), file).toContain('not found page');
    }
  });

  it('serves nothing through a symlinked folder: no file, no folder index, no redirect', async () => {
    for (const target of [
      '/docs/linked/',
      '/docs/linked/sub/',
      '/docs/linked/sub/index.html',
      '/docs/linked/sub/file.txt',
      '/docs/linked/sub',
    ]) {
      const reply = await request(docs.port, target);
      expect(reply.status, target).toBe(404);
      expect(reply.body.toString(), target).not.toContain('secret');
    }
  });

  it('redirects only to paths on this origin: runs of slashes and backslashes never make a //host Location', async () => {
    for (const target of [
      '/.//api',
      '//api',
      '///evil.example/',
      '/\\evil.example/',
      '/docs//guide/',
      '//docs/guide',
    ]) {
      for (const server of [atRoot, docs]) {
        const reply = await request(server.port, target);
        const location = reply.headers.location;
        if (reply.status === 301) expect(location, target).toMatch(/^\/(?![/\\])/);
      }
    }
    expect((await request(atRoot.port, '/.//api')).headers.location).toBe('/api');
    const api = await request(atRoot.port, '/api');
    expect([api.status, api.headers.location]).toEqual([301, '/api/']);
    expect((await request(docs.port, '/docs//guide/')).headers.location).toBe('/docs/guide/');
  });

  it('answers a request target that is not a URL with 400, not 500', async () => {
    const reply = await rawRequest(
      docs.port,
      'GET http://[::1/docs/ HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n',
    );
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('answers If-None-Match with 304 while the file is unchanged, and 200 with a new ETag once it changes', async () => {
    const first = await request(docs.port, '/docs/api/');
    expect(first.status).toBe(200);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await request(docs.port, '/docs/api/', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await request(docs.port, '/docs/api/', { 'If-None-Match': `"other", ${etag}` })).status).toBe(304);
    await writeFile(path.join(dir, 'api/index.html'), '<h1>api, edited</h1>');
    const edited = await request(docs.port, '/docs/api/', { 'If-None-Match': etag });
    expect(edited.status).toBe(200);
    expect(edited.body.toString()).toContain('edited');
    expect(edited.headers.etag).not.toBe(etag);
  });

  it('answers If-Modified-Since with 304 when the file is not newer', async () => {
    const file = path.join(dir, 'index.html');
    const when = new Date('2024-05-01T10:00:00Z');
    await utimes(file, when, when);
    const reply = await request(docs.port, '/docs/');
    expect(reply.headers['last-modified']).toBe(when.toUTCString());
    expect((await request(docs.port, '/docs/', { 'If-Modified-Since': when.toUTCString() })).status).toBe(304);
    expect(
      (await request(docs.port, '/docs/', { 'If-Modified-Since': new Date('2024-04-30T10:00:00Z').toUTCString() }))
        .status,
    ).toBe(200);
  });

  it('answers byte ranges with 206 (uncompressed), an unsatisfiable one with 416', async () => {
    const whole = Buffer.from(page);
    const part = await request(docs.port, '/docs/guide/', { Range: 'bytes=10-19', 'Accept-Encoding': 'gzip, br' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${whole.length}`);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body.equals(whole.subarray(10, 20))).toBe(true);
    const tail = await request(docs.port, '/docs/guide/', { Range: 'bytes=-5' });
    expect([tail.status, tail.body.toString()]).toEqual([206, page.slice(-5)]);
    const open = await request(docs.port, '/docs/guide/', { Range: `bytes=${whole.length - 3}-` });
    expect([open.status, open.body.toString()]).toEqual([206, page.slice(-3)]);
    const beyond = await request(docs.port, '/docs/guide/', { Range: `bytes=${whole.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${whole.length}`);
    // A Range for an older version of the file (If-Range no longer matches) gets the whole file.
    const stale = await request(docs.port, '/docs/guide/', { Range: 'bytes=0-9', 'If-Range': '"stale"' });
    expect([stale.status, stale.body.length]).toEqual([200, whole.length]);
    const several = await request(docs.port, '/docs/guide/', { Range: 'bytes=0-1,5-6' });
    expect([several.status, several.body.length]).toEqual([200, whole.length]);
    expect((await request(docs.port, '/docs/guide/')).headers['accept-ranges']).toBe('bytes');
  });

  it('types files from a maintained MIME table', async () => {
    const types: Record<string, string> = {
      '/docs/downloads/example.conf': 'text/plain; charset=utf-8',
      '/docs/downloads/app.webmanifest': 'application/manifest+json; charset=utf-8',
      '/docs/downloads/module.wasm': 'application/wasm',
      '/docs/downloads/platform.d.ts': 'text/plain; charset=utf-8',
      '/docs/guide/index.md': 'text/markdown; charset=utf-8',
      '/docs/assets/client.Ab12Cd34.js': 'text/javascript; charset=utf-8',
      '/docs/guide/': 'text/html; charset=utf-8',
    };
    for (const [target, type] of Object.entries(types))
      expect((await request(docs.port, target)).headers['content-type'], target).toBe(type);
  });
});

describe('serve: paths, redirects and compression', () => {
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
  const get = (p: string, headers: Record<string, string> = {}) =>
    fetch(server.origin + p, { redirect: 'manual', headers });

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
    for (const p of [
      '/docs/../secret.txt',
      '/docs/%2e%2e/secret.txt',
      '/docs/guide%2f..%2f..%2fsecret.txt',
      '/docs/leak.txt',
      '/docs/%00',
    ]) {
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
