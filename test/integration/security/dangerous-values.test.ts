import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { configFile, page } from '../../helpers/tmp-site.js';
import { hostileSites } from './sites.js';

/**
 * Issue 37, "Dangerous values where the rules do not look": the base path, redirect targets (the
 * configuration's and a snapshot's), `javascript:` in a refresh, a srcset or an SVG animation, and a
 * version named like one of the output's own folders are refused with the file, the line and a fix.
 */

const { site, problemsOf: problems } = hostileSites();

/** A site of these files built: its problems as `where  message  fix: ...`. */
async function problemsOf(files: Record<string, string>): Promise<string[]> {
  return (await problems(await site(files))).map((p) => `${p.where}  ${p.message}  fix: ${p.fix}`);
}

describe('base', () => {
  it.each(['"><script>alert(1)</script>/', '//evil.example/', '/../../', '/docs/./', "/it's/", '/a b/'])(
    'refuses base %j in the configuration',
    async (base) => {
      const problems = await problemsOf({ 'docs.config.ts': configFile({ base }) });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^docs\.config\.ts {2}"base": a path of URL-safe segments/);
      expect(problems[0]).toContain('set "base" to a path of URL-safe segments');
    },
  );

  it('accepts the usual forms', async () => {
    for (const base of ['/', '/docs/', '/v2.1/my_docs~x/']) {
      expect(await problemsOf({ 'docs.config.ts': configFile({ base }) })).toEqual([]);
    }
  });

  it('refuses a bad --base on the command line as a usage error (exit 2), naming the flag', async () => {
    const root = await site({});
    const result = await runCli(['build', root, '--base', '//evil.example/']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--base');
    expect(result.stderr).toContain('base "//evil.example/" is not a path of URL-safe segments');
  });
});

describe('redirect targets', () => {
  it('refuses a javascript: target in the configuration', async () => {
    const problems = await problemsOf({
      'docs.config.ts': configFile({ redirects: [{ from: '/old/', to: 'javascript:alert(document.cookie)' }] }),
    });
    expect(problems).toEqual([
      'docs.config.ts  "redirects.0.to": a path of the site (such as "/guide/") or an http:// or https:// URL  fix: set "redirects.0.to" to a path of the site (such as "/guide/") or an http:// or https:// URL',
    ]);
  });

  it("refuses a javascript: target in a snapshot's redirects.json", async () => {
    const problems = await problemsOf({
      'docs.config.ts': configFile({ versions: { current: { name: '2.0' }, older: ['1.0'] } }),
      'versions/1.0/content/index.md': page('Old home', 'Old.'),
      'versions/1.0/redirects.json': JSON.stringify([
        { from: '/fine/', to: '/' },
        { from: '/old/', to: ' javascript:alert(1)' },
      ]),
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^versions\/1\.0\/redirects\.json {2}redirect 2 \(from \/old\/\) goes to " javascript:alert\(1\)", which is neither a path of the site/,
    );
  });

  it('keeps site paths and https targets', async () => {
    const problems = await problemsOf({
      'docs.config.ts': configFile({
        redirects: [
          { from: '/old/', to: '/' },
          { from: '/away/', to: 'https://example.com/docs/' },
        ],
      }),
    });
    expect(problems).toEqual([]);
  });
});

describe('javascript: where the page rules did not look', () => {
  it('refuses it in a meta refresh, a srcset and SVG <animate to> / <set to>, at their lines', async () => {
    const body = [
      'Intro.',
      '',
      '<meta http-equiv="refresh" content="0; url=javascript:alert(1)">',
      '',
      '<img alt="x" srcset="/a.png 1x, javascript:alert(2) 2x">',
      '',
      '<svg><a><animate attributeName="href" to="javascript:alert(3)"/><text>Go</text></a></svg>',
      '',
      '<svg><a><set attributeName="href" to="&#106;avascript:alert(4)"/></a></svg>',
      '',
      '<svg><a><animate attributeName="href" values="/ok;javascript:alert(5)"/></a></svg>',
    ].join('\n');
    const problems = await problemsOf({ 'content/guide.md': page('Guide', body) });
    expect(problems.map((p) => p.split('  fix:')[0])).toEqual([
      'guide.md:8:1  a javascript: URL in the page\'s HTML (<meta http-equiv="refresh">)',
      "guide.md:10:14  a javascript: URL in the page's HTML (srcset)",
      "guide.md:12:39  a javascript: URL in the page's HTML (to)",
      "guide.md:14:35  a javascript: URL in the page's HTML (to)",
      "guide.md:16:39  a javascript: URL in the page's HTML (values)",
    ]);
    expect(problems[0]).toContain('security.allowedUrlSchemes');
  });

  it('lets a refresh to a page and a srcset of images through', async () => {
    const body = '<meta http-equiv="refresh" content="5; url=/next/">\n\n<img alt="x" srcset="/a.png 1x, /b.png 2x">';
    expect(await problemsOf({ 'content/guide.md': page('Guide', body) })).toEqual([]);
  });
});

describe('version names', () => {
  it('refuses a version named "assets" in the configuration', async () => {
    const problems = await problemsOf({
      'docs.config.ts': configFile({ versions: { current: { name: '2.0' }, older: ['assets'] } }),
      'versions/assets/content/index.md': page('Old', 'Old.'),
    });
    expect(problems).toEqual([
      `docs.config.ts  "versions.older.0": a version name that is not one of the output's own files or folders ("assets", "404.html", ...), such as "2.0"  fix: set "versions.older.0" to a version name that is not one of the output's own files or folders ("assets", "404.html", ...), such as "2.0"`,
    ]);
  });

  it.each(['robots.txt', '404.html', 'search.json'])('refuses %s in versions.json', async (name) => {
    const problems = await problemsOf({
      'docs.config.ts': configFile({ versions: { current: { name: '2.0' } } }),
      'versions.json': JSON.stringify([name]),
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(
      `versions.json  versions.json lists a version named "${name}" is the name of one of the site's own files`,
    );
  });

  it('`docs version assets` is refused before anything is copied', async () => {
    const root = await site({ 'docs.config.ts': configFile({ versions: { current: { name: '2.0' } } }) });
    const result = await runCli(['version', 'assets', root]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`"assets" is the name of one of the site's own files or folders`);
  });
});
