import { describe, expect, it } from 'vitest';
import { THEME_SCRIPT } from '../../../src/theme/head.js';
import {
  contentSecurityPolicy,
  headersFile,
  headersFor,
  parseHeadersFile,
  scriptHash,
} from '../../../src/outputs/headers.js';
import { buildInMemory, fixture } from '../../helpers/site.js';

describe('outputs/headers', () => {
  it('hashes the inline theme script the way browsers do (sha256, base64)', () => {
    expect(scriptHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    expect(contentSecurityPolicy({ analytics: {} })).toContain(scriptHash(THEME_SCRIPT));
  });

  it('allows no inline script but the theme script, and the tag manager only when analytics is configured', () => {
    const off = contentSecurityPolicy({ analytics: {} });
    expect(off).not.toContain('unsafe-inline');
    expect(off).not.toContain('googletagmanager');
    expect(off).toMatch(/script-src 'self' 'sha256-[^']+'; /);
    const on = contentSecurityPolicy({ analytics: { containerId: 'GTM-ABC123' } });
    expect(on).toMatch(/script-src 'self' 'sha256-[^']+' https:\/\/www\.googletagmanager\.com;/);
    expect(on).toMatch(/connect-src [^;]*google-analytics\.com/);
  });

  it('writes _headers next to _redirects: security headers everywhere, a year of immutable caching for hashed assets only', async () => {
    const { writer } = await buildInMemory(fixture('quality'));
    expect(writer.files.has('_redirects')).toBe(true);
    const rules = parseHeadersFile(writer.text('_headers')!);
    const page = headersFor(rules, '/docs/guides/long/');
    expect(page['Content-Security-Policy']).toBe(contentSecurityPolicy({ analytics: {} }));
    expect(page['X-Content-Type-Options']).toBe('nosniff');
    expect(page['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(page['Cache-Control']).toBeUndefined();
    const asset = headersFor(rules, '/docs/assets/client.ABCD1234.js');
    expect(asset['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(asset['Content-Security-Policy']).toBeDefined();
  });

  it('names every file under assets/ by its content hash, so immutable caching is safe', async () => {
    const { writer } = await buildInMemory(fixture('quality'));
    const assets = [...writer.files.keys()].filter((f) => f.startsWith('assets/'));
    expect(assets.length).toBeGreaterThan(5);
    // The hash is in the name (`client.ABCD1234.js`, `img/shot.ABCD1234EF.480.webp`) or in a folder (`search/ABCD1234/0.json`).
    expect(assets.filter((f) => !/[./][A-Za-z0-9]{8,}[./]/.test(f))).toEqual([]);
  });

  it('reads _headers as Netlify and Cloudflare Pages do: splats, placeholders, values of two rules joined', () => {
    const rules = parseHeadersFile(
      '# comment\n/docs/*\n  X-A: one\n/docs/:page/raw\n  X-A: two\n  X-B: b\n/docs/exact\n  X-C: c\n',
    );
    expect(headersFor(rules, '/docs/guide/raw')).toEqual({ 'X-A': 'one, two', 'X-B': 'b' });
    expect(headersFor(rules, '/docs/guide/sub/raw')).toEqual({ 'X-A': 'one' });
    expect(headersFor(rules, '/docs/exact')).toEqual({ 'X-A': 'one', 'X-C': 'c' });
    expect(headersFor(rules, '/other/')).toEqual({});
  });

  it('uses the configured base in its paths', () => {
    expect(headersFile({ analytics: {}, base: '/guide/' }).contents).toMatch(
      /^\/guide\/\*$[\s\S]*^\/guide\/assets\/\*$/m,
    );
  });
});
