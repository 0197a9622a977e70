import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../helpers/site.js';
import { parseHeadersFile } from '../../src/outputs/headers.js';
import { buildGateSites, REAL_SITE, type BuiltSite } from './site.js';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const DEPLOY_CONF = path.join(REPO, 'deploy/nginx.conf');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A raw response, as the bytes came (fetch would follow redirects and decompress bodies). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (value !== undefined) h.set(name, Array.isArray(value) ? value.join(', ') : value);
        resolve({ status: res.statusCode ?? 0, headers: h, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The plain-static-host recipe: Debian's nginx runs deploy/nginx.conf, unchanged but for its
 * `listen` and root paths, on a free loopback port with its own prefix, pid and logs, serving a
 * fresh build; the test checks redirects, the 404 page and the cache and security headers.
 */
describe.skipIf(!existsSync(NGINX))('quality/nginx: deploy/nginx.conf', () => {
  let site: BuiltSite;
  let prefix: string;
  let origin: string;
  let nginx: ChildProcess;
  let errors = '';
  beforeAll(async () => {
    [site] = await buildGateSites();
    prefix = await mkdtemp(path.join(os.tmpdir(), 'docs-nginx-'));
    const root = path.join(prefix, 'site');
    await mkdir(root);
    await symlink(site.outDir, path.join(root, 'docs'));
    // Worker processes may run as an unprivileged user: the build and the prefix must be readable.
    await Promise.all([chmod(prefix, 0o755), chmod(root, 0o755), chmod(site.outDir, 0o755)]);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const server = (await readFile(DEPLOY_CONF, 'utf8'))
      .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`)
      .replaceAll('/var/www/site', root);
    expect(server).toContain(`listen 127.0.0.1:${port};`);
    await writeFile(path.join(prefix, 'docs.conf'), server);
    const temp = (name: string) => path.join(prefix, `tmp-${name}`);
    await writeFile(
      path.join(prefix, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${path.join(prefix, 'nginx.pid')};`,
        `error_log ${path.join(prefix, 'error.log')} warn;`,
        'events { worker_connections 64; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  default_type application/octet-stream;',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${temp(name)};`),
        `  include ${path.join(prefix, 'docs.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    nginx.stderr!.on('data', (chunk) => (errors += chunk));
    // Up to two minutes for nginx to listen on a busy machine; it fails fast on a bad configuration.
    for (let i = 0; i < 1200; i++) {
      if (nginx.exitCode !== null) break;
      try {
        await fetch(`${origin}/`);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error(
      `nginx did not start: ${errors || (await readFile(path.join(prefix, 'error.log'), 'utf8').catch(() => ''))}`,
    );
  });
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    if (prefix) await rm(prefix, { recursive: true, force: true });
    await site?.cleanup();
  });

  it('serves a page with a short cache and the security headers of _headers', async () => {
    const page = await get(`${origin}${site.base}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const rules = parseHeadersFile(await readFile(path.join(site.outDir, '_headers'), 'utf8'));
    const expected = rules.find((r) => r.pattern === `${site.base}*`)!.headers;
    for (const [name, value] of expected)
      expect(page.headers.get(name), `${name} differs between deploy/nginx.conf and _headers`).toBe(value);
  });

  it('serves hashed assets with a year of immutable caching, compressed', async () => {
    const assets = await readdir(path.join(site.outDir, 'assets'));
    const script = assets.find((f) => /^client\.\w+\.js$/.test(f))!;
    const response = await get(`${origin}${site.base}assets/${script}`, { 'Accept-Encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(response.body).toString()).toBe(await readFile(path.join(site.outDir, 'assets', script), 'utf8'));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('redirects /docs/x to /docs/x/ and serves the page there', async () => {
    const records = JSON.parse(await readFile(path.join(site.outDir, 'pages.json'), 'utf8')) as { path: string }[];
    const target = records.find((r) => r.path !== site.base)!.path;
    const bare = await get(`${origin}${target.slice(0, -1)}`);
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe(target);
    expect((await get(`${origin}${target}`)).status).toBe(200);
    expect((await get(`${origin}${target}index.html`)).status).toBe(200);
  });

  it('answers every configured redirect with a 301 to its target, and keeps the stub pages', async () => {
    const lines = (await readFile(path.join(site.outDir, '_redirects'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => l.split(/\s+/));
    expect(lines.length).toBeGreaterThan(0);
    for (const [from, to] of lines) {
      const response = await get(`${origin}${from}`);
      expect([response.status, response.headers.get('location')], from).toEqual([301, to]);
    }
    const [stubFrom, stubTo] = lines.find(([from, to]) => from.endsWith('/') && to.startsWith('/'))!;
    const stub = await get(`${origin}${stubFrom}index.html`);
    expect(stub.status).toBe(200);
    expect(stub.body.toString()).toContain(`<meta http-equiv="refresh" content="0; url=${stubTo}">`);
  });

  it('answers an unknown path with status 404 and the body of 404.html', async () => {
    const response = await get(`${origin}${site.base}no/such/page/`);
    expect(response.status).toBe(404);
    expect(response.body.toString()).toBe(await readFile(path.join(site.outDir, '404.html'), 'utf8'));
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'self'/);
  });

  it('does not serve the host configuration files of the build', async () => {
    for (const file of ['_headers', '_redirects', 'nginx-headers.conf', 'nginx-redirects.conf']) {
      expect(await readFile(path.join(site.outDir, file), 'utf8'), file).toBeTruthy();
      expect((await get(`${origin}${site.base}${file}`)).status, file).toBe(404);
    }
  });

  it.skipIf(!REAL_SITE)('serves TypeScript declarations as text, not as video/mp2t', async () => {
    const files = (await readdir(site.outDir, { recursive: true })).filter((f) => f.endsWith('.d.ts'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const response = await get(`${origin}${site.base}${file.split(path.sep).join('/')}`);
      expect([response.status, response.headers.get('content-type')], file).toEqual([200, 'text/plain; charset=utf-8']);
      expect(response.body.toString()).toBe(await readFile(path.join(site.outDir, file), 'utf8'));
    }
  });

  it("serves each page's Markdown as text/markdown", async () => {
    const response = await get(`${origin}${site.base}index.md`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.body.toString()).toMatch(/^# /);
  });
});
