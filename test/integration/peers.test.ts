import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { buildToTemp, fixture } from '../helpers/site.js';
import { tempFolders } from '../helpers/tmp-site.js';

/**
 * The peers' dialects (issue 39): three folders written as VitePress, Docusaurus and Starlight projects are, with
 * every construct the guide's "Peers' dialects" page lists. `docs migrate` converts each one's configuration, then
 * the pages build as they were written, and each construct comes out as a component, not as its source text.
 */

const temp = tempFolders();

interface Built {
  root: string;
  migrate: { code: number; stdout: string; stderr: string };
  /** The content region of a page, by route. */
  content: (route: string) => Promise<string>;
  html: (route: string) => Promise<string>;
  outDir: string;
  cleanup: () => Promise<void>;
}

async function filesOf(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = await readFile(file, 'utf8');
  }
  return out;
}

async function migrateAndBuild(peer: 'vitepress' | 'docusaurus' | 'starlight'): Promise<Built> {
  // Kept for the describe block's tests (tempFolders' folders go after each test).
  const root = await mkdtemp(path.join(os.tmpdir(), `peer-${peer}-`));
  await cp(fixture(`peers/${peer}`), root, { recursive: true });
  const migrate = await runCli(['migrate', root, '--from', peer]);
  const built = await buildToTemp(root);
  const html = (route: string) => readFile(path.join(built.outDir, route, 'index.html'), 'utf8');
  const content = async (route: string) => {
    const page = await html(route);
    return page.slice(page.indexOf('<h1 id="page-title"'), page.indexOf('</article>'));
  };
  const cleanup = async () => {
    await built.cleanup();
    await rm(root, { recursive: true, force: true });
  };
  return { root, migrate, html, content, outDir: built.outDir, cleanup };
}

/** What a construct's source looks like when it was not read: none of it may reach a page. */
const SOURCE_TEXT = [':::', '[[toc]]', '{open}', '<<<', '@include', '<Tabs', '<TabItem', '<Steps', '<Card', '<Aside', '<Badge', '{#', '[!NOTE]', 'title="', 'showLineNumbers', ':tada:', '{width='];

function expectNoSourceText(html: string): void {
  for (const text of SOURCE_TEXT) expect(html, `"${text}" shown as text`).not.toContain(text);
}

describe('VitePress pages', () => {
  let site: Built;
  beforeAll(async () => {
    site = await migrateAndBuild('vitepress');
  });
  afterAll(() => site?.cleanup());

  it('migrate writes the configuration and names the Vue component it could not convert, with its line', () => {
    expect(site.migrate.code).toBe(0);
    expect(site.migrate.stdout).toContain('docs/.vitepress/config.mts: themeConfig.sidebar as `sidebar`');
    expect(site.migrate.stdout).toContain('docs/guide/getting-started.md:64: <Badge> as a badge');
    expect(site.migrate.stdout).toMatch(
      /not converted {2}docs\/guide\/getting-started\.md:84: Vue component QueueChart \(\.\.\/components\/QueueChart\.vue\)/,
    );
    expect(site.migrate.stdout).toMatch(/not converted {2}docs\/guide\/getting-started\.md:87: <QueueChart> left out/);
  });

  it('takes the title from the first heading and the description from the first paragraph', async () => {
    const page = await site.html('guide/configuration');
    expect(page).toContain('<h1 id="page-title" tabindex="-1">Configuration</h1>');
    expect(page).toContain('<meta name="description" content="Lantern reads lantern.config.json from the folder the worker starts in.">');
    expect((await site.content('guide/configuration')).match(/<h1/g)).toHaveLength(1);
    // The home page's emoji shortcode is read in its description too.
    expect(await site.html('')).toContain('a failed job is tried again later. 🚀">');
  });

  it('shows code titles, code groups labelled by title or language, snippets with regions and highlights', async () => {
    const html = await site.content('guide/getting-started');
    expectNoSourceText(html);
    const group = html.slice(html.indexOf('<div class="tabs code-group">'), html.indexOf('<h2 id="define-a-job"'));
    expect([...group.matchAll(/<span class="code-title">([^<]+)<\/span>/g)].map((m) => m[1])).toEqual(['npm', 'pnpm', 'sh']);
    expect(html).toContain('<span class="code-title">worker.ts</span>');
    // <<< @/_snippets/jobs.ts#define{2} [jobs.ts]: the region only, its second line highlighted.
    const snippet = html.slice(html.indexOf('<span class="code-title">jobs.ts</span>'));
    expect(snippet.slice(0, snippet.indexOf('</pre>'))).toContain('<span class="line highlighted"><span class="tk">  await </span>');
    expect(snippet.slice(0, snippet.indexOf('</pre>'))).not.toContain('import');
    expect(html).not.toContain('#region');
  });

  it('shows an unknown language (vue) as plain text, and a fragment that does not parse as it is', async () => {
    const html = await site.content('guide/getting-started');
    expect(html).toContain('<div class="code-block" data-lang="vue">');
    expect(html).toContain('<span class="line">&#x3C;script setup></span>');
    expect(html).toContain("<span class=\"tp\">  retries</span>: <span class=\"tn\">5</span>");
  });

  it('turns every container into a callout: custom titles, details open or closed, titled alerts', async () => {
    const html = await site.content('guide/getting-started');
    expect(html).toContain('<aside class="callout tip" aria-label="A worker per process">');
    expect(html).toContain('<aside class="callout warning" aria-label="Warning">');
    expect(html).toContain('<aside class="callout danger" aria-label="Do not store secrets">');
    expect(html).toContain('<aside class="callout info" aria-label="Info">');
    expect(html).toContain('<details class="callout details" open><summary class="callout-title">Show the whole worker file</summary>');
    expect(html).toContain('<details class="callout details"><summary class="callout-title">The retry formula</summary>');
    expect(html).toContain('<aside class="callout note" aria-label="Local development">');
    expect(html).toContain('<span class="badge badge-tip">new in 2.0</span>');
  });

  it('reads emoji shortcodes, image sizes, [[toc]], custom anchors and includes with regions and line ranges', async () => {
    const start = await site.content('guide/getting-started');
    expect(start).toContain('processes it. 🎉</p>');
    expect(start).toMatch(/<img src="\/lantern\/guide\/queue\.svg" alt="The queue and its workers" width="320" height="100"/);
    const home = await site.content('');
    expect(home).toContain(
      '<nav class="table-of-contents" aria-label="Table of contents"><ul><li><a href="#why-a-queue">Why a queue</a></li><li><a href="#where-to-go-next">Where to go next</a></li></ul></nav>',
    );
    expect(home).toContain('href="/lantern/guide/configuration/#retry-policy"');
    const config = await site.content('guide/configuration');
    expect(config).toContain('<h2 id="retry-policy">');
    expect(config).toContain('After the last try it moves to the <strong>failed</strong> list');
    expect(config).not.toContain('Text outside the region');
    expect(config).toContain('comes from <code>LANTERN_URL</code>');
    expect(config).toContain('Set <code>pool</code>');
    expect(config).not.toContain('past the range');
    expectNoSourceText(config);
  });

  it('outline: false leaves the page without an outline; the sidebar and top links come from the VitePress config', async () => {
    expect(await site.html('guide/configuration')).toContain('<aside class="toc" aria-label="On this page" data-region="toc"></aside>');
    const page = await site.html('reference/cli');
    expect(page).toContain('<p class="toc-title">On this page</p>');
    expect(page).toContain('href="/lantern/guide/getting-started/"');
    expect(page).toMatch(/Command line<\/a>/);
  });
});

describe('Docusaurus pages', () => {
  let site: Built;
  let before: Record<string, string>;
  beforeAll(async () => {
    before = await filesOf(path.join(fixture('peers/docusaurus'), 'docs'));
    site = await migrateAndBuild('docusaurus');
  });
  afterAll(() => site?.cleanup());

  it('builds the pages unchanged once migrate has converted the configuration and sidebars.js', async () => {
    expect(site.migrate.code).toBe(0);
    expect(site.migrate.stdout).toContain('sidebars.js: sidebar "docs" as `sidebar`');
    expect(site.migrate.stdout).toContain('Everything was converted.');
    expect(await filesOf(path.join(site.root, 'docs'))).toEqual(before);
  });

  it('turns admonitions of every kind, titled and nested, into callouts', async () => {
    const html = await site.content('guides/admonitions');
    expectNoSourceText(html);
    for (const [kind, label] of [
      ['note', 'Note'],
      ['info', 'Retry delay'],
      ['warning', 'Warning'],
      ['danger', 'Data loss'],
      ['warning caution', 'Caution'],
      ['info important', 'Important'],
    ])
      expect(html).toContain(`<aside class="callout ${kind}" aria-label="${label}">`);
    expect(html).toMatch(
      /<aside class="callout tip" aria-label="Inspect before retrying">.*<aside class="callout warning" aria-label="Side effects">.*<\/aside><\/aside>/s,
    );
  });

  it('makes <Tabs groupId> with <TabItem value label default> synchronised tabs, the default one shown first', async () => {
    const html = await site.content('guides/install');
    expectNoSourceText(html);
    expect(html.match(/<div class="tabs" data-sync-key="package-manager">/g)).toHaveLength(2);
    expect([...html.matchAll(/<p class="tab-label">([^<]+)<\/p>/g)].map((m) => m[1])).toEqual(['npm', 'Yarn', 'pnpm', 'npm', 'Yarn']);
    expect(html).toContain('<div class="tab-panel active"><p class="tab-label">Yarn</p>');
    expect(html).not.toContain('The package manager tabs stay in step'); // an MDX comment
    expect(html).toContain('<h2 id="add-package">');
  });

  it('reads title= and showLineNumbers, {#id}, and the frontmatter keys', async () => {
    const intro = await site.content('intro');
    expect(intro).toContain('<div class="code-block line-numbers" data-lang="js"><div class="code-head"><span class="code-title">jobs/welcome.js</span>');
    expect(intro).toContain('<h2 id="first-job">');
    expect(intro).toContain('<h1 id="page-title" tabindex="-1">What Lantern does</h1>');
    const page = await site.html('intro');
    // hide_table_of_contents; pagination_next
    expect(page).toContain('<aside class="toc" aria-label="On this page" data-region="toc"></aside>');
    expect(page).toMatch(/class="next" rel="next" href="\/docs\/guides\/install\/"/);
    // pagination_prev: null
    expect(await site.html('cli')).not.toContain('rel="prev"');
    // draft: true is not built
    await expect(site.html('reference/unreleased')).rejects.toThrow(/ENOENT/);
  });

  it('publishes a page with `slug` at that address, and its sidebar entry with it', async () => {
    expect(await site.html('cli')).toContain('<h1 id="page-title" tabindex="-1">Command line</h1>');
    await expect(site.html('reference/cli')).rejects.toThrow(/ENOENT/);
    expect(await site.html('intro')).toMatch(/<a href="\/docs\/cli\/"[^>]*>Command line<\/a>/);
    const root = await temp('peer-docusaurus-check-');
    await cp(site.root, root, { recursive: true });
    const checked = await runCli(['check', root]);
    expect(checked.code).toBe(0);
    expect(checked.stdout + checked.stderr).not.toContain('slug');
  });

  it('reads sidebar_label, sidebar_position and _category_ files in a sidebar made from the folders', async () => {
    const root = await temp('peer-docusaurus-generated-');
    await cp(fixture('peers/docusaurus'), root, { recursive: true });
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(root, 'docs.config.ts'), "export default { contentDir: 'docs' };\n");
    const built = await buildToTemp(root);
    try {
      const page = await readFile(path.join(built.outDir, 'intro/index.html'), 'utf8');
      const sidebar = page.slice(page.indexOf('data-region="sidebar"'), page.indexOf('data-region="content"'));
      const labels = [...sidebar.matchAll(/>([^<>]+)<\/(?:a|span|button|summary)>/g)].map((m) => m[1].trim()).filter(Boolean);
      expect(labels.indexOf('Introduction')).toBeGreaterThanOrEqual(0);
      expect(labels.indexOf('Guides')).toBeGreaterThan(labels.indexOf('Introduction'));
      expect(labels.indexOf('Install')).toBeGreaterThan(labels.indexOf('Guides'));
      expect(labels.indexOf('Failure handling')).toBeGreaterThan(labels.indexOf('Install'));
      expect(labels.indexOf('Reference')).toBeGreaterThan(labels.indexOf('Failure handling'));
      expect(labels).not.toContain('Scheduled jobs');
    } finally {
      await built.cleanup();
    }
  });
});

describe('Starlight pages', () => {
  let site: Built;
  let before: Record<string, string>;
  beforeAll(async () => {
    before = await filesOf(path.join(fixture('peers/starlight'), 'src'));
    site = await migrateAndBuild('starlight');
  });
  afterAll(() => site?.cleanup());

  it('builds the pages unchanged once migrate has converted astro.config.mjs', async () => {
    expect(site.migrate.code).toBe(0);
    expect(site.migrate.stdout).toContain('astro.config.mjs: starlight({ sidebar }) as `sidebar`');
    expect(await filesOf(path.join(site.root, 'src'))).toEqual(before);
    const config = await readFile(path.join(site.root, 'docs.config.ts'), 'utf8');
    expect(config).toContain('"base": "/lantern/"');
    expect(config).toContain('"contentDir": "src/content/docs"');
    // autogenerate: { directory: 'reference' } lists the folder's pages, leaving out the hidden one
    expect(config).toMatch(/"text": "Reference",\s*"items": \[\s*"\/reference\/configuration\/"\s*\]/);
  });

  it('maps the components imported from @astrojs/starlight/components to ours', async () => {
    const html = await site.content('start/install');
    expectNoSourceText(html);
    expect(html).toMatch(/<ol class="steps">\s*<li>\s*<p>Add the package to your project:<\/p>\s*<div class="tabs" data-sync-key="pkg">/);
    expect([...html.matchAll(/<p class="tab-label">([^<]+)<\/p>/g)].map((m) => m[1])).toEqual(['npm', 'pnpm']);
    expect(html).toContain('<div class="file-tree"><ul>');
    expect(html).toContain('<li class="folder">jobs/');
    expect(html).toContain('<span class="badge badge-tip">2.0</span>');
    expect(html).toContain('<aside class="callout warning caution" aria-label="Before deploying">');
    expect(html).toContain('<aside class="callout note" aria-label="Note">');
    const home = await site.content('');
    expect(home).toContain('<div class="card-grid"><div class="card"><p class="card-title">Retries</p>');
    expect(home).toContain('<a class="card link-card" href="/lantern/start/install/"><span class="card-title">Install Lantern</span>');
  });

  it('turns asides into callouts and resolves links to headings by GitHub slugs', async () => {
    const html = await site.content('start/intro');
    expectNoSourceText(html);
    expect(html).toContain('<aside class="callout note" aria-label="How jobs are stored">');
    expect(html).toContain('<aside class="callout warning caution" aria-label="Caution">');
    expect(html).toContain('href="/lantern/start/install/#install-the-lantern-jobs-package"');
    expect(await site.content('start/install')).toContain('<h2 id="install-the-lantern-jobs-package">');
  });

  it('reads template: splash, hero, pagefind: false and tableOfContents: false', async () => {
    const home = await site.html('');
    // A splash page is the home layout: the hero with its tagline and actions, no sidebar outline.
    expect(home).toContain('<article class="home"><section class="hero" aria-labelledby="page-title">');
    expect(home).toContain('<p class="hero-tagline">Put slow work on a queue and answer requests at once.</p>');
    expect(home).toContain('<a class="hero-action brand" href="/lantern/start/intro/">Get started</a>');
    expect(home).toContain('<a class="hero-action minimal" href="/lantern/reference/configuration/">Read the reference</a>');
    expect(home).toContain('<aside class="toc" aria-label="On this page" data-region="toc"></aside>'); // a full-width page
    const search = await readFile(path.join(site.outDir, 'search.json'), 'utf8');
    expect(search).not.toContain('One table'); // the home page's text is not searchable
    expect(await site.html('start/intro')).toContain('<aside class="toc" aria-label="On this page" data-region="toc"></aside>');
  });

  it('reads sidebar: { label, order, badge, hidden } in a sidebar made from the folders', async () => {
    const root = await temp('peer-starlight-generated-');
    await cp(fixture('peers/starlight'), root, { recursive: true });
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(root, 'docs.config.ts'), "export default { contentDir: 'src/content/docs' };\n");
    const built = await buildToTemp(root);
    try {
      const page = await readFile(path.join(built.outDir, 'start/install/index.html'), 'utf8');
      const sidebar = page.slice(page.indexOf('data-region="sidebar"'), page.indexOf('data-region="content"'));
      expect(sidebar).toContain('<a href="/start/intro/">Intro<span class="badge badge-new">New</span></a>');
      expect(sidebar.indexOf('>Intro<')).toBeLessThan(sidebar.indexOf('>Install<'));
      expect(sidebar).not.toContain('Internals');
      expect(await readFile(path.join(built.outDir, 'reference/internals/index.html'), 'utf8')).toContain('locks a job');
    } finally {
      await built.cleanup();
    }
  });
});
