
import { lstat, readFile, realpath } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '': 'text/plain; charset=utf-8',
};

const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface ServeOptions {
  /** The built site: the content of `base` on the host. */
  dir: string;
  base: string;
  /** Called for each request before static files (the dev server's event stream and overlay). */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  /** Rewrites HTML before it is sent (the dev server injects its reload client). */
  transformHtml?: (html: string) => string;
}

type Resolved = { kind: 'file'; file: string } | { kind: 'redirect'; location: string } | { kind: 'missing' };

/**
 * Resolves a URL path the way a plain static host does: `/x` -> `/x/` when x is a folder,
 * `/x/` -> `x/index.html`. Never leaves `dir`: `..`, encoded slashes, NUL and symlinks are refused.
 */
export async function resolveRequest(dir: string, base: string, rawPath: string): Promise<Resolved> {
  const b = base.replace(/\/$/, '');
  if (base !== '/' && (rawPath === '/' || rawPath === b)) return { kind: 'redirect', location: base };
  if (!rawPath.startsWith(`${b}/`)) return { kind: 'missing' };
  if (/%2f|%5c|%00/i.test(rawPath)) return { kind: 'missing' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath.slice(b.length));
  } catch {
    return { kind: 'missing' };
  }
  if (decoded.includes('\0') || decoded.split('/').some((seg) => seg === '..' || seg === '.') || decoded.includes('\\')) return { kind: 'missing' };
  const root = await realpath(dir);
  const target = path.join(root, decoded);
  if (target !== root && !target.startsWith(root + path.sep)) return { kind: 'missing' };
  const stat = await safeLstat(target);
  if (!stat) return { kind: 'missing' };
  if (stat.isSymbolicLink()) return { kind: 'missing' };
  if (stat.isDirectory()) {
    if (!decoded.endsWith('/')) return { kind: 'redirect', location: `${rawPath}/` };
    const index = path.join(target, 'index.html');
    const indexStat = await safeLstat(index);
    return indexStat?.isFile() ? { kind: 'file', file: index } : { kind: 'missing' };
  }
  if (stat.isFile() && (await realpath(target)).startsWith(root + path.sep)) return { kind: 'file', file: target };
  return { kind: 'missing' };
}

async function safeLstat(file: string) {
  try {
    return await lstat(file);
  } catch {
    return null;
  }
}

/** The base a built site was made for, from its `404.html` (`<meta name="docs:base">`). */
export async function builtBase(dir: string): Promise<string | undefined> {
  const html = await readFile(path.join(dir, '404.html'), 'utf8').catch(() => '');
  const base = /<meta name="docs:base" content="([^"]*)"/.exec(html)?.[1];
  return base && /^\/(.*\/)?$/.test(base) ? base : undefined;
}

/** A static file server for the built site: `serve` and the dev server use it. */
export function createStaticServer(options: ServeOptions): Server {
  const cache = new Map<string, { mtime: number; body: Buffer; gzip?: Buffer; br?: Buffer }>();
  return createServer(async (req, res) => {
    try {
      if (options.intercept && (await options.intercept(req, res))) return;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      const resolved = await resolveRequest(options.dir, options.base, url.pathname);
      if (resolved.kind === 'redirect') {
        res.writeHead(301, { Location: resolved.location + url.search }).end();
        return;
      }
      const file = resolved.kind === 'file' ? resolved.file : path.join(options.dir, '404.html');
      const status = resolved.kind === 'file' ? 200 : 404;
      const ext = path.extname(file);
      const type = TYPES[ext] ?? 'application/octet-stream';
      const headers: Record<string, string> = {
        'Content-Type': type,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': /\/assets\//.test(file) && /\.[A-Za-z0-9]{8}\.\w+$/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      };
      let body: Buffer;
      try {
        body = await readFile(file);
      } catch {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      if (ext === '.html' && options.transformHtml) body = Buffer.from(options.transformHtml(body.toString('utf8')));
      const accept = String(req.headers['accept-encoding'] ?? '');
      if (COMPRESSIBLE.test(type) && body.length > 512) {
        const key = file;
        let entry = cache.get(key);
        if (!entry || !entry.body.equals(body)) entry = { mtime: Date.now(), body };
        if (/\bbr\b/.test(accept)) {
          entry.br ??= await brotliAsync(body);
          headers['Content-Encoding'] = 'br';
          body = entry.br;
        } else if (/\bgzip\b/.test(accept)) {
          entry.gzip ??= await gzipAsync(body);
          headers['Content-Encoding'] = 'gzip';
          body = entry.gzip;
        }
        cache.set(key, entry);
        headers.Vary = 'Accept-Encoding';
      }
      headers['Content-Length'] = String(body.length);
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Internal error: ${(error as Error).message}\n`);
    }
  });
}

/** Starts listening; a taken port is a clear error, not a stack trace. */
export function listen(server: Server, port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${port} is already in use: stop the other server or pass --port <another port>`) : error);
    });
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

