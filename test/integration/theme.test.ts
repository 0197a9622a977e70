import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, buildSite } from '../../src/build/index.js';
import { loadConfig } from '../../src/config/index.js';
import { buildAssets } from '../../src/build/assets.js';
import { loadContent } from '../../src/content/index.js';
import { BuildFailure, Problems } from '../../src/model/errors.js';
import { pageOutline } from '../../src/markdown/index.js';
import { runPages } from '../../src/pages/index.js';
import { readTemplates } from '../../src/render/index.js';
import { renderInWorkers } from '../helpers/page-workers.js';
import { scriptHash } from '../../src/outputs/headers.js';
import { headScript } from '../../src/theme/head.js';
import { MemoryWriter } from '../../src/write/index.js';
import { fixture, REPO } from '../helpers/site.js';
import { configFile, page, tmpSite } from '../helpers/tmp-site.js';

/** The theme fixture: head tags, custom CSS, a light and a dark logo, a social link, a footer (overridden), a banner. */
describe('integration/theme: the fixture site', () => {
  let files: Map<string, string>;
  const text = (file: string) => {
    const contents = files.get(file);
    if (contents === undefined) throw new Error(`no ${file} in the output`);
    return contents;
  };
  beforeAll(async () => {
    const writer = new MemoryWriter();
    await buildSite(await loadConfig(fixture('theme')), writer);
    files = new Map(
      [...writer.files].map(([file, contents]) => [
        file,
        typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8'),
      ]),
    );
  });

  it('adds the head tags after its own, and their inline script and the banner script to the policy', () => {
    const html = text('index.html');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<meta name="acme:team" content="docs">');
    expect(head.indexOf('acme:team')).toBeGreaterThan(head.indexOf('docs:base'));
    const policy = /Content-Security-Policy: (.*)/.exec(text('_headers'))![1];
    expect(policy).toContain(scriptHash("document.documentElement.dataset.acme='ready'"));
    const config = { banner: { id: 'acme-2', text: '' } };
    expect(head).toContain(`<script>${headScript(config)}</script>`);
    expect(policy).toContain(scriptHash(headScript(config)));
    expect(text('nginx-headers.conf')).toContain(scriptHash(headScript(config)));
  });

  it("bundles the custom CSS into one hashed file linked after the site's stylesheet", () => {
    const sheets = [...text('index.html').matchAll(/<link rel="stylesheet" href="\/docs\/(assets\/[^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(sheets).toEqual([
      expect.stringMatching(/^assets\/style\.\w+\.css$/),
      expect.stringMatching(/^assets\/custom\.\w+\.css$/),
    ]);
    expect(text(sheets[1])).toContain('#8a2be2');
  });

  it('shows the logo for each theme with its size, under hashed names', () => {
    const imgs = [
      ...text('index.html').matchAll(
        /<img class="logo logo-(light|dark)" src="\/docs\/(assets\/[^"]+)" width="32" height="32" alt=""/g,
      ),
    ];
    expect(imgs.map((m) => m[1])).toEqual(['light', 'dark']);
    for (const [, , src] of imgs) expect(text(src)).toMatch(/^<svg/);
    expect(imgs[0][2]).toMatch(/^assets\/logo\.\w+\.svg$/);
    expect(text('index.html')).toContain('<span>Acme Docs</span>');
  });

  it('links the social accounts by icon, named for screen readers', () => {
    expect(text('index.html')).toMatch(
      /<a href="https:\/\/github.com\/acme\/docs" rel="noopener" aria-label="GitHub" title="GitHub"><svg aria-hidden="true"/,
    );
  });

  it("renders the project's footer override, which wraps the default footer", () => {
    const footer = /<footer class="site-footer">.*?<\/footer>/s.exec(text('guide/index.html'))![0];
    expect(footer).toContain('<a href="https://status.acme.example">Status</a>');
    expect(footer).toContain('<a href="/docs/guide/">Guide</a>');
    expect(footer).toContain('<a href="https://community.acme.example">Community</a>');
    expect(footer).toContain('<p>Copyright Acme Inc. Written by the Acme docs team.</p>');
    expect(text('404.html')).toContain('Written by the Acme docs team.');
  });

  it('shows the banner with its link on every page, and the date each page last changed', () => {
    for (const file of ['index.html', 'guide/index.html', '404.html'])
      expect(text(file)).toContain(
        '<section class="banner" aria-label="Announcement" data-banner="acme-2"><p>Acme 2 is out. <a href="/docs/guide/">Read the guide</a></p>',
      );
    expect(text('index.html')).toMatch(
      /<span class="last-updated">Last updated <time dateTime="\d{4}-\d\d-\d\d">\w+ \d+, \d{4}<\/time><\/span>/,
    );
  });

  it('renders the overrides, logo and date in page workers as in the main thread', async () => {
    const config = await loadConfig(fixture('theme'));
    const sources = await loadContent(config, new Problems());
    const outlines = sources.map((source) => pageOutline(source, config, new Problems()));
    const assets = await buildAssets(config);
    const lastUpdated = new Map(sources.map((s) => [s.relativePath, '2026-05-04T10:00:00Z']));
    const context = {
      config,
      layout: { outlines, staticFiles: [], assets, templates: readTemplates(), stagingDir: null, lastUpdated },
    };
    const jobs = sources.map((source) => ({ source }));
    // Every page to the worker (runPages would render this fixture's one batch here while the worker loads).
    const parallel = await renderInWorkers(jobs, context, { workers: 1, batch: jobs.length });
    const html = parallel.map((r) => String(r.files!.contents!.find((f) => f.path.endsWith('index.html'))!.contents));
    for (const page of html) {
      expect(page).toContain('Written by the Acme docs team.');
      expect(page).toContain('<img class="logo logo-light"');
      expect(page).toContain('<time dateTime="2026-05-04">May 4, 2026</time>');
    }
    expect(parallel.map((r) => r.files!.contents)).toEqual(
      (await runPages(jobs, context, new Problems())).map((r) => r.files!.contents),
    );
  });

  it('writes valid HTML', async () => {
    const validator = new HtmlValidate({
      extends: ['html-validate:standard', 'html-validate:a11y', 'html-validate:document'],
      rules: { 'require-sri': 'off', 'unique-landmark': 'off' },
    });
    for (const file of ['index.html', 'guide/index.html', '404.html']) {
      const report = await validator.validateString(text(file));
      expect(
        report.results.flatMap((r) => r.messages.map((m) => `${file}:${m.line} ${m.ruleId} ${m.message}`)),
      ).toEqual([]);
    }
  });
});

describe('integration/theme: options and overrides', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });
  async function site(files: Record<string, string>) {
    const made = await tmpSite({
      'content/index.md': page('Home', 'Read [the guide](guide.md).'),
      'content/guide.md': page('Guide', 'Back [home](index.md).'),
      ...files,
    });
    cleanups.push(made.cleanup);
    const outDir = path.join(made.root, 'dist');
    return {
      root: made.root,
      outDir,
      build: () => build(made.root, { outDir }),
      read: (file: string) => readFile(path.join(outDir, file), 'utf8'),
    };
  }
  const failure = async (run: Promise<unknown>) => {
    const error = await run.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BuildFailure);
    return (error as BuildFailure).problems.map((p) => `${p.place.file}: ${p.message} (${p.fix})`);
  };

  it('refuses a file of the theme folder that names no part, a missing logo and an unknown icon', async () => {
    const s = await site({
      'docs.config.ts': configFile({
        logo: { src: 'logo.svg' },
        social: [{ icon: 'nosuchbrand', link: 'https://x.example' }],
      }),
      'theme/Fotter.tsx': 'export default () => null;\n',
    });
    const problems = await failure(s.build());
    expect(problems).toEqual([
      expect.stringMatching(/^docs\.config\.ts: "logo\.src": logo\.svg does not exist/),
      expect.stringMatching(/"social\.0\.icon": (a Simple Icons slug|no icon named)/),
      expect.stringMatching(
        /^theme\/Fotter\.tsx: theme\/Fotter\.tsx is not a part of the layout \(name the file after the part it replaces: Banner, TopBar, .*Footer/,
      ),
    ]);
  });

  it('re-renders every page when an override changes, and a page title override replaces the heading', async () => {
    const s = await site({
      'theme/PageTitle.tsx':
        'export default function PageTitle({ title }: { title: string }) { return <h1 id="page-title" tabIndex={-1}>{title}!</h1>; }\n',
    });
    expect((await s.build()).rendered).toBe(2);
    expect(await s.read('guide/index.html')).toContain('<h1 id="page-title" tabindex="-1">Guide!</h1>');
    expect((await s.build()).rendered).toBe(0);
    await writeFile(
      path.join(s.root, 'theme/PageTitle.tsx'),
      'export default function PageTitle({ title, Default, ...rest }: any) { return <Default {...rest} title={`${title}?`} />; }\n',
    );
    expect((await s.build()).rendered).toBe(2);
    expect(await s.read('guide/index.html')).toContain('<h1 id="page-title" tabindex="-1">Guide?</h1>');
  });

  it('refuses a footer or banner link to a route that is not a page', async () => {
    const s = await site({
      'docs.config.ts': configFile({
        footer: {
          links: [
            { text: 'Guide', link: '/guide' },
            { text: 'Gone', link: '/gone/' },
          ],
        },
        banner: { id: 'b', text: 'News', link: { text: 'More', link: '/news/' } },
      }),
    });
    expect(await failure(s.build())).toEqual([
      'docs.config.ts: "footer.links.1" links to /gone/, which is not a page (use the route of a page ("/guide/") or a full URL)',
      'docs.config.ts: "banner.link" links to /news/, which is not a page (use the route of a page ("/guide/") or a full URL)',
    ]);
  });

  it('leaves "Last updated" out when it is turned off', async () => {
    const s = await site({ 'docs.config.ts': configFile({ lastUpdated: false }) });
    await s.build();
    expect(await s.read('index.html')).not.toContain('Last updated');
  });
});

describe('integration/theme: "Last updated" from git', () => {
  let root: string;
  /** Git as a fixed author, at a given time when `date` is set. */
  const git = (args: string[], date?: string) =>
    execFileSync('git', args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@example.com',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@example.com',
        ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
      },
    });
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'docs-git-'));
    await cp(path.join(REPO, 'test/fixtures/basic/content'), path.join(root, 'content'), { recursive: true });
    await writeFile(
      path.join(root, 'docs.config.ts'),
      `import { defineConfig } from '${path.join(REPO, 'src/config/index.ts')}';\nexport default defineConfig({ title: 'Git', constants: { payloadLimit: '512KB', planPrice: '$19', queueSize: 10000 } });\n`,
    );
    git(['init', '-q']);
    git(['add', '.']);
    git(['commit', '-qam', 'first'], '2026-01-05T10:00:00Z');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("shows each page's last commit, and a commit renders again only the pages it touches", async () => {
    const outDir = path.join(root, 'dist');
    const first = await build(root, { outDir });
    expect(first.rendered).toBe(first.pages);
    const read = (file: string) => readFile(path.join(outDir, file), 'utf8');
    expect(await read('guide/code/index.html')).toContain('<time dateTime="2026-01-05">January 5, 2026</time>');
    const source = path.join(root, 'content/guide/code.md');
    await writeFile(source, `${await readFile(source, 'utf8')}\nOne more line.\n`);
    git(['commit', '-qam', 'second'], '2026-02-10T10:00:00Z');
    expect((await build(root, { outDir })).rendered).toBe(1);
    expect(await read('guide/code/index.html')).toContain('<time dateTime="2026-02-10">February 10, 2026</time>');
    expect(await read('guide/index.html')).toContain('<time dateTime="2026-01-05">');
    expect(await read('sitemap.xml')).toContain('2026-02-10');
    // The date alone (the same text, committed again at another time) renders that page again, and only it.
    git(['commit', '-q', '--amend', '--no-edit'], '2026-03-01T10:00:00Z');
    expect((await build(root, { outDir })).rendered).toBe(1);
    expect(await read('guide/code/index.html')).toContain('<time dateTime="2026-03-01">March 1, 2026</time>');
  });

  it('keeps the dates a cold build gives across uncommitted edits, new files and the commit that adds them', async () => {
    const outDir = path.join(root, 'dist');
    const read = (file: string) => readFile(path.join(outDir, file), 'utf8');
    const committed = git(['log', '-1', '--format=%cs', '--', 'content/guide/code.md']).toString().trim();
    await build(root, { outDir });
    // An edit not committed: git's date still (the log has not changed, and neither does the date).
    const source = path.join(root, 'content/guide/code.md');
    await writeFile(source, `${await readFile(source, 'utf8')}\nNot committed yet.\n`);
    await build(root, { outDir });
    expect(await read('guide/code/index.html')).toContain(`<time dateTime="${committed}">`);
    // A page git does not know: its file's time; once committed, its commit's.
    const added = path.join(root, 'content/guide/added.md');
    await writeFile(added, '---\ntitle: Added\n---\n\nA page added later.\n');
    await utimes(added, new Date('2025-06-01T12:00:00Z'), new Date('2025-06-01T12:00:00Z'));
    await build(root, { outDir });
    expect(await read('guide/added/index.html')).toContain('<time dateTime="2025-06-01">June 1, 2025</time>');
    git(['add', 'content/guide/added.md']);
    git(['commit', '-qm', 'added'], '2026-04-01T10:00:00Z');
    await build(root, { outDir });
    expect(await read('guide/added/index.html')).toContain('<time dateTime="2026-04-01">April 1, 2026</time>');
    expect(await read('guide/code/index.html')).toContain(`<time dateTime="${committed}">`);
    // A cold build (no cache, no output) gives the same pages.
    const coldDir = path.join(root, 'dist-cold');
    await rm(path.join(root, 'node_modules/.cache/docs'), { recursive: true, force: true });
    await build(root, { outDir: coldDir });
    for (const file of ['guide/added/index.html', 'guide/code/index.html', 'sitemap.xml'])
      expect(await read(file), file).toBe(await readFile(path.join(coldDir, file), 'utf8'));
  });
});
