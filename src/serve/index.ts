import { lstat, readFile, realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import mime from 'mime';
import { fileHash } from '../incremental/hash.js';
import { withoutSlash } from '../shared/paths.js';
import { UsageError } from '../model/errors.js';
import { headersFor, parseHeadersFile, type HeaderRule } from '../outputs/headers.js';

/** Files of the build that configure the host (nginx, Netlify, Cloudflare Pages): never served. */
const HOST_FILES = /^\/(_headers|_redirects|nginx-[a-z]+\.conf)$/;
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|[\w.-]+\+(json|xml))|image\/svg\+xml)/;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface ServeOptions {
  /** The built site: the content of `base` on the host. */
  dir: string;
  base: string;
  /** Called for each request before static files (the dev server's event stream and overlay). */
  intercept?: (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;
  /** Rewrites HTML before it is sent (the dev server injects its reload client). */
  transformHtml?: (html: string) => string;
  /** Rewrites JavaScript before it is sent (the dev server fills its tokens into the pages' chunks). */
  transformScript?: (js: string) => string;
  /** Send the headers the site's `_headers` file sets (CSP, caching...), as Netlify and Cloudflare Pages do. @default true */
  siteHeaders?: boolean;
}

type Resolved = { kind: 'file'; file: string } | { kind: 'redirect'; location: string } | { kind: 'missing' };

/**
 * Resolves a URL path the way a plain static host does: `/x` -> `/x/` when x is a folder,
 * `/x/` -> `x/index.html`, `//x` -> `/x`. Never leaves `dir`: `..`, encoded slashes, NUL and
 * symlinks (of files, folders, and folders on the way) are refused, and so are the host's own
 * files (`_headers`, `_redirects`, `nginx-*.conf`). A redirect's Location is always a path on
 * this origin (one leading slash).
 */
export async function resolveRequest(dir: string, base: string, rawPath: string): Promise<Resolved> {
  // A run of slashes would make `//host/` in Location: a redirect to another site.
  if (/\/\//.test(rawPath)) return { kind: 'redirect', location: rawPath.replace(/\/{2,}/g, '/') };
  const b = withoutSlash(base);
  if (base !== '/' && (rawPath === '/' || rawPath === b)) return { kind: 'redirect', location: base };
  if (!rawPath.startsWith(`${b}/`)) return { kind: 'missing' };
  if (/%2f|%5c|%00/i.test(rawPath)) return { kind: 'missing' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath.slice(b.length));
  } catch {
    return { kind: 'missing' };
  }
  if (decoded.includes('\0') || decoded.split('/').some((seg) => seg === '..' || seg === '.') || decoded.includes('\\'))
    return { kind: 'missing' };
  if (HOST_FILES.test(decoded)) return { kind: 'missing' };
  const root = await realpath(dir);
  const target = path.join(root, decoded);
  if (target !== root && !target.startsWith(root + path.sep)) return { kind: 'missing' };
  const stat = await safeLstat(target);
  if (!stat || stat.isSymbolicLink()) return { kind: 'missing' };
  // lstat does not see a symlinked folder on the way (`linked/sub/`): the real path must stay inside.
  if (!(await inside(root, target))) return { kind: 'missing' };
  if (stat.isDirectory()) {
    if (!decoded.endsWith('/')) return { kind: 'redirect', location: `${rawPath}/` };
    const index = path.join(target, 'index.html');
    const indexStat = await safeLstat(index);
    return indexStat?.isFile() ? { kind: 'file', file: index } : { kind: 'missing' };
  }
  return stat.isFile() ? { kind: 'file', file: target } : { kind: 'missing' };
}

async function inside(root: string, file: string): Promise<boolean> {
  const real = await realpath(file).catch(() => null);
  return real !== null && (real === root || real.startsWith(root + path.sep));
}

async function safeLstat(file: string) {
  try {
    return await lstat(file);
  } catch {
    return null;
  }
}

/**
 * The not-found page for an unknown path: the nearest `404.html` on its way up (a language's own,
 * `ar/404.html`, under /docs/ar/...), else the site's. Only plain path segments are looked in.
 */
async function nearestNotFound(dir: string, base: string, pathname: string): Promise<string> {
  let inner: string;
  try {
    inner = decodeURIComponent(pathname.startsWith(base) ? pathname.slice(base.length) : '');
  } catch {
    inner = '';
  }
  const parts = inner.split('/').slice(0, -1);
  while (parts.length) {
    if (parts.every((p) => /^[\w.-]+$/.test(p) && p !== '.' && p !== '..')) {
      const file = path.join(dir, ...parts, '404.html');
      // A real file inside the folder: no symbolic link, of the file or of a folder on the way.
      const inside = await lstat(file).then(
        async (s) => s.isFile() && (await realpath(file)) === path.join(await realpath(dir), ...parts, '404.html'),
        () => false,
      );
      if (inside) return file;
    }
    parts.pop();
  }
  return path.join(dir, '404.html');
}

/** The base a built site was made for, from its `404.html` (`<meta name="docs:base">`). */
export async function builtBase(dir: string): Promise<string | undefined> {
  const html = await readFile(path.join(dir, '404.html'), 'utf8').catch(() => '');
  const base = /<meta name="docs:base" content="([^"]*)"/.exec(html)?.[1];
  return base && /^\/(.*\/)?$/.test(base) ? base : undefined;
}

/** The Content-Type of a file, from the maintained MIME table; text is UTF-8. */
export function contentType(file: string): string {
  // The table maps `.ts` to an MPEG transport stream; a docs site's `.d.ts` is TypeScript to read or save.
  const type = file.endsWith('.d.ts') ? 'text/plain' : (mime.getType(file) ?? 'application/octet-stream');
  return /^text\/|^application\/(json|javascript|xml|[\w.-]+\+(json|xml))$/.test(type)
    ? `${type}; charset=utf-8`
    : type;
}

/** A file's body as last sent, with its validator and compressed forms (made once per content). */
interface Entry {
  body: Buffer;
  etag: string;
  gzip?: Promise<Buffer>;
  br?: Promise<Buffer>;
}

/** What an SVG may do when opened by itself: show, not run (scripts, handlers, forms, plugins). */
const SVG_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'none'; sandbox";

/**
 * Whether `Accept-Encoding` takes `coding`: listed (or `*`) with a quality above 0. `br;q=0` refuses
 * brotli; a coding listed with q=0 is refused even when `*` is accepted.
 */
export function accepts(header: string, coding: string): boolean {
  let star: boolean | undefined;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const ok = q === undefined || Number(q) > 0;
    if (name.trim() === coding) return ok;
    if (name.trim() === '*') star = ok;
  }
  return star ?? false;
}

/** A static file server for the built site: `serve` and the dev server use it. */
export function createStaticServer(options: ServeOptions): Server {
  const cache = new Map<string, Entry>();
  const siteHeaders = options.siteHeaders === false ? null : new SiteHeaders(options.dir);
  return createServer(async (req, res) => {
    try {
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://localhost');
      } catch {
        res
          .writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end('Bad request: the request target is not a valid URL\n');
        return;
      }
      if (options.intercept && (await options.intercept(req, res, url))) return;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      const resolved = await resolveRequest(options.dir, options.base, url.pathname);
      if (resolved.kind === 'redirect') {
        // The site's _headers apply to every answer of a path, a redirect's too (as Netlify sends them).
        const own = (await siteHeaders?.for(url.pathname)) ?? {};
        res.writeHead(301, { ...own, Location: resolved.location + url.search }).end();
        return;
      }
      const file =
        resolved.kind === 'file' ? resolved.file : await nearestNotFound(options.dir, options.base, url.pathname);
      const status = resolved.kind === 'file' ? 200 : 404;
      const type = contentType(file);
      const headers: Record<string, string> = {
        'content-type': type,
        'x-content-type-options': 'nosniff',
        'cache-control':
          /\/assets\//.test(file) && /\.[A-Za-z0-9]{8}\.\w+$/.test(file)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
      };
      for (const [name, value] of Object.entries((await siteHeaders?.for(url.pathname)) ?? {}))
        headers[name.toLowerCase()] = value;
      // An SVG opened by itself is a document that may run scripts: never here (`<img>` never runs them anyway).
      if (type.startsWith('image/svg+xml')) headers['content-security-policy'] = SVG_POLICY;
      let body: Buffer;
      let modified: Date;
      try {
        [body, modified] = await Promise.all([readFile(file), stat(file).then((s) => s.mtime)]);
      } catch {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      if (type.startsWith('text/html') && options.transformHtml)
        body = Buffer.from(options.transformHtml(body.toString('utf8')));
      else if (/^(text|application)\/javascript/.test(type) && options.transformScript)
        body = Buffer.from(options.transformScript(body.toString('utf8')));
      let entry = cache.get(file);
      if (!entry || !entry.body.equals(body)) cache.set(file, (entry = { body, etag: `W/"${fileHash(body, 22)}"` }));
      const compressible = COMPRESSIBLE.test(type) && body.length > 512;
      if (compressible) headers.vary = 'Accept-Encoding';
      if (status === 200) {
        headers.etag = entry.etag;
        // Rewritten HTML changes with the dev server's state, not with the file.
        if (!options.transformHtml) headers['last-modified'] = modified.toUTCString();
        headers['accept-ranges'] = 'bytes';
        if (notModified(req, entry.etag, options.transformHtml ? undefined : modified)) {
          delete headers['content-type'];
          res.writeHead(304, headers).end();
          return;
        }
        const range = req.method === 'GET' ? byteRange(req, body.length, entry.etag, modified) : undefined;
        if (range === 'unsatisfiable') {
          res
            .writeHead(416, { 'Content-Range': `bytes */${body.length}`, 'Content-Type': 'text/plain; charset=utf-8' })
            .end('Range not satisfiable\n');
          return;
        }
        if (range) {
          // Parts of the file as stored: never compressed.
          const part = body.subarray(range.start, range.end + 1);
          headers['content-range'] = `bytes ${range.start}-${range.end}/${body.length}`;
          headers['content-length'] = String(part.length);
          res.writeHead(206, headers).end(part);
          return;
        }
      }
      const accept = String(req.headers['accept-encoding'] ?? '');
      // Compressed once a content (by its entry), in libuv's pool: concurrent requests share the one in flight.
      if (compressible && accepts(accept, 'br')) {
        entry.br ??= brotliAsync(body);
        headers['content-encoding'] = 'br';
        body = await entry.br;
      } else if (compressible && accepts(accept, 'gzip')) {
        entry.gzip ??= gzipAsync(body);
        headers['content-encoding'] = 'gzip';
        body = await entry.gzip;
      }
      headers['content-length'] = String(body.length);
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      res
        .writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end(`Internal error: ${(error as Error).message}\n`);
    }
  });
}

/** Whether the browser's copy is current: If-None-Match first, If-Modified-Since without it. */
function notModified(req: IncomingMessage, etag: string, modified?: Date): boolean {
  const match = req.headers['if-none-match'];
  if (match !== undefined) return match.split(',').some((tag) => tag.trim() === '*' || weak(tag.trim()) === weak(etag));
  const since = Date.parse(String(req.headers['if-modified-since'] ?? ''));
  return modified !== undefined && !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

const weak = (tag: string) => tag.replace(/^W\//, '');

/**
 * The one byte range a `Range: bytes=...` header asks for; undefined to send the whole file (no
 * Range, several ranges, another unit, or an If-Range that no longer matches).
 */
function byteRange(
  req: IncomingMessage,
  size: number,
  etag: string,
  modified: Date,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const header = req.headers.range;
  if (!header) return undefined;
  const ifRange = req.headers['if-range'];
  if (ifRange && ifRange !== etag.replace(/^W\//, '') && ifRange !== modified.toUTCString()) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return undefined;
  let start: number;
  let end: number;
  if (!m[1]) {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** The rules of the site's `_headers`, read again when the file changes (a new build). */
class SiteHeaders {
  private text = '';
  private rules: HeaderRule[] = [];

  constructor(private readonly dir: string) {}

  async for(urlPath: string): Promise<Record<string, string>> {
    const text = await readFile(path.join(this.dir, '_headers'), 'utf8').catch(() => '');
    if (text !== this.text) [this.text, this.rules] = [text, parseHeadersFile(text)];
    return headersFor(this.rules, urlPath);
  }
}

/** Starts listening; a taken port or an address this machine does not have is a usage error, not a stack trace. */
export function listen(server: Server, port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        reject(new UsageError(`port ${port} is already in use: stop the other server or pass --port <another port>`));
      else if (error.code === 'EACCES')
        reject(new UsageError(`port ${port} needs privileges this user lacks: pass --port <a port above 1023>`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
        reject(
          new UsageError(
            `cannot listen on ${host}: it is not an address of this machine (pass --host with one that is, or no --host)`,
          ),
        );
      else reject(error);
    });
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
