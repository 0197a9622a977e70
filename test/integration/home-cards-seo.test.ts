import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/index.js';
import { loadConfig } from '../../src/config/index.js';
import { BuildFailure } from '../../src/model/errors.js';
import { MemoryWriter } from '../../src/write/index.js';
import { configFile, page, tmpSite } from '../helpers/tmp-site.js';

/**
 * Issue 41 in the build's output: the home layout, social cards, per-page SEO frontmatter and the
 * feedback widget, and that pages (and sites) that do not use them carry none of their bytes.
 */

const HERO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="18"/></svg>';

const HOME = `---
title: Acme
description: Acme runs webhooks for you.
layout: home
hero:
  name: '%{productName}'
  text: Webhooks without servers
  tagline: Write a function, get a URL.
  image:
    light: ./art/hero-light.svg
    dark: ./art/hero-dark.svg
    alt: A webhook reaching a function
  actions:
    - text: Get started
      link: ./guide/start.md#install
    - text: Source
      link: https://git.example/acme
features:
  - icon: ⚡
    title: Fast starts
    details: Cold starts under fifty milliseconds.
    link: /guide/start/
    linkText: Read the guide
  - icon: /art/hero-light.svg
    title: Safe secrets
    details: Secrets never reach your code.
---

## Below the grid

Free Markdown, as on [any page](guide/start.md).
`;

/** Starlight's shape of the same. */
const SPLASH = `---
title: Welcome
description: A Starlight-style splash page.
template: splash
hero:
  title: Welcome aboard
  tagline: Everything starts here.
  image:
    file: ../art/hero-light.svg
  actions:
    - text: Read the guide
      link: /guide/start/
      variant: primary
      icon: right-arrow
    - text: Skip
      link: ../guide/start.md
      variant: minimal
---

Splash text.
`;

async function build(files: Record<string, string>) {
  const site = await tmpSite(files);
  const writer = new MemoryWriter();
  const result = await buildSite(await loadConfig(site.root), writer);
  const text = (file: string) => {
    const contents = writer.files.get(file);
    if (contents === undefined) throw new Error(`no ${file} in the output`);
    return typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8');
  };
  return { root: site.root, cleanup: site.cleanup, writer, result, text };
}

const head = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('integration: home layout, social cards and SEO frontmatter', () => {
  let built: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    built = await build({
      'docs.config.ts': configFile({
        base: '/docs/',
        title: 'Acme Docs',
        siteUrl: 'https://acme.example',
        constants: { productName: 'Acme' },
        sidebar: [
          { text: 'Start', items: ['/', '/welcome/'] },
          { text: 'Guide', items: ['/guide/start/', '/guide/shared/', '/guide/hidden/'] },
        ],
      }),
      'content/index.md': HOME,
      'content/welcome/index.md': SPLASH,
      'content/art/hero-light.svg': HERO_SVG,
      'content/art/hero-dark.svg': HERO_SVG.replace('circle', 'rect'),
      'content/art/share.png': '',
      'content/guide/start.md': page('Start', '## Install\n\nRun it.'),
      'content/guide/shared.md': page('Shared', 'Text.', {
        frontmatter:
          'image: ../art/share.png\ncanonical: https://elsewhere.example/original/\nhead:\n  - [meta, { name: keywords, content: "webhooks, functions" }]\n  - { tag: link, attrs: { rel: author, href: "https://acme.example/team/" } }\n',
      }),
      'content/guide/hidden.md': page('Hidden', 'Text.', { frontmatter: 'noindex: true\ncanonical: /guide/start/\n' }),
    });
  });
  afterAll(() => built?.cleanup());

  it('renders the hero and the features at build time, with links resolved and no sidebar or outline', () => {
    const html = built.text('index.html');
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    // The name comes from the constants; it is the page's one h1 (the router focuses it after a navigation).
    expect(main).toContain('<h1 id="page-title" tabindex="-1" class="hero-name">Acme</h1>');
    expect(main.match(/<h1/g)).toHaveLength(1);
    expect(main).toContain('<p class="hero-text">Webhooks without servers</p>');
    expect(main).toContain('<p class="hero-tagline">Write a function, get a URL.</p>');
    expect(main).toContain('<a class="hero-action brand" href="/docs/guide/start/#install">Get started</a>');
    expect(main).toContain('<a class="hero-action alt" href="https://git.example/acme" rel="noopener">Source</a>');
    expect(main).toContain(
      'src="/docs/art/hero-light.svg" alt="A webhook reaching a function" width="320" height="256"',
    );
    expect(main).toContain(
      'src="/docs/art/hero-dark.svg" alt="A webhook reaching a function" loading="lazy" width="320" height="256"',
    );
    expect(main).toMatch(
      /<a class="feature-box" href="\/docs\/guide\/start\/">.*<h2 class="feature-title">Fast starts<\/h2>.*Read the guide/,
    );
    expect(main).toContain('<img class="feature-img" src="/docs/art/hero-light.svg" alt="" width="32" height="32"/>');
    expect(main).toContain('<h2 id="below-the-grid"');
    // The layout is wide (no outline) and the home stylesheet, which hides the sidebar on wide screens, is linked.
    expect(html).toContain('<div class="layout wide">');
    expect(main).toMatch(/<link rel="stylesheet" href="\/docs\/assets\/home\.\w+\.css">/);
    expect(built.writer.files.has('art/hero-dark.svg')).toBe(true);
  });

  it("accepts Starlight's template: splash and hero, and ignores its keys that have no meaning here", () => {
    const main = built.text('welcome/index.html');
    expect(main).toContain('>Welcome aboard</h1>');
    expect(main).toContain('<a class="hero-action brand" href="/docs/guide/start/">Read the guide</a>');
    expect(main).toContain('<a class="hero-action minimal" href="/docs/guide/start/">Skip</a>');
    expect(main).toContain('src="/docs/art/hero-light.svg" alt=""');
    expect(main).toContain('home.');
  });

  it('leaves the home layout out of every other page: no markup, no stylesheet', () => {
    for (const file of ['guide/start/index.html', 'guide/shared/index.html']) {
      const html = built.text(file);
      expect(html).not.toMatch(/home\.\w+\.css|class="hero|class="features/);
      expect(html).toContain('<div class="layout">');
    }
    const style = [...built.writer.files.keys()].find((f) => /^assets\/style\.\w+\.css$/.test(f))!;
    expect(built.text(style)).not.toMatch(/\.hero-name|\.feature-box|\.hero-img/);
  });

  it('makes a 1200x630 PNG card per page and points og:image and twitter:card at it', async () => {
    const html = built.text('guide/start/index.html');
    const url = /<meta property="og:image" content="https:\/\/acme\.example\/docs\/(assets\/og\/\w+\.png)">/.exec(
      html,
    )?.[1];
    expect(url).toBeDefined();
    expect(head(html)).toContain('<meta property="og:image:width" content="1200">');
    expect(head(html)).toContain('<meta property="og:image:height" content="630">');
    expect(head(html)).toContain('<meta property="og:image:alt" content="Start | Acme Docs">');
    expect(head(html)).toContain('<meta name="twitter:card" content="summary_large_image">');
    const png = built.writer.files.get(url!) as Uint8Array;
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    // Light theme: the background is the stylesheet's light --bg (white) and there is dark text on it.
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    expect(at(600, 600 - 580)).toEqual([255, 255, 255]);
    let dark = 0;
    for (let i = 0; i < data.length; i += info.channels)
      if (data[i] < 80 && data[i + 1] < 80 && data[i + 2] < 80) dark++;
    expect(dark).toBeGreaterThan(2000);
    // Every page has its own card; the home page's too.
    const cards = [...built.writer.files.keys()].filter((f) => f.startsWith('assets/og/'));
    expect(cards).toHaveLength(4); // index, welcome, start, hidden (shared names its own image)
  });

  it("uses the page's own image, canonical and head tags, and keeps noindex pages out of the sitemap", () => {
    const shared = head(built.text('guide/shared/index.html'));
    expect(shared).toContain('<meta property="og:image" content="https://acme.example/docs/art/share.png">');
    expect(shared).not.toContain('og:image:width');
    expect(shared).toContain('<link rel="canonical" href="https://elsewhere.example/original/">');
    expect(shared).toContain('<meta name="keywords" content="webhooks, functions">');
    expect(shared).toContain('<link rel="author" href="https://acme.example/team/">');
    const hidden = head(built.text('guide/hidden/index.html'));
    expect(hidden).toContain('<meta name="robots" content="noindex">');
    expect(hidden).toContain('<link rel="canonical" href="https://acme.example/docs/guide/start/">');
    const sitemap = built.text('sitemap.xml');
    expect(sitemap).toContain('/docs/guide/start/');
    expect(sitemap).not.toContain('/docs/guide/hidden/');
  });

  it('publishes no feedback files and puts no widget on pages when feedback is off', () => {
    expect([...built.writer.files.keys()].filter((f) => /feedback/.test(f))).toEqual([]);
    for (const file of ['index.html', 'guide/start/index.html']) expect(built.text(file)).not.toContain('feedback');
    const policy = /Content-Security-Policy: (.*)/.exec(built.text('_headers'))![1];
    expect(policy).toContain("connect-src 'self';");
  });

  it('encodes no card again when nothing a card shows changed, and only the changed one when a title did', async () => {
    const again = async () => {
      const writer = new MemoryWriter();
      return { writer, result: await buildSite(await loadConfig(built.root), writer) };
    };
    const first = await again();
    expect(first.result.cardsConverted).toBe(0);
    const start = path.join(built.root, 'content/guide/start.md');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(start, (await readFile(start, 'utf8')).replace('title: Start', 'title: Start here'));
    const second = await again();
    expect(second.result.cardsConverted).toBe(1);
  });
});

describe('integration: feedback on', () => {
  it('puts the widget at the foot of each page, its files in the head, and the endpoint in connect-src', async () => {
    const built = await build({
      'docs.config.ts': configFile({
        base: '/docs/',
        feedback: { endpoint: 'https://feedback.acme.example/v1/answers' },
      }),
      'content/index.md': page('Home', 'Text.'),
      'content/guide.md': page('Guide', 'Text.'),
    });
    try {
      const html = built.text('guide/index.html');
      expect(html).toMatch(/<script type="module" src="\/docs\/assets\/feedback\.\w+\.js"><\/script>/);
      expect(html).toMatch(/<link rel="stylesheet" href="\/docs\/assets\/feedback-style\.\w+\.css">/);
      const widget = /<section class="feedback"[^>]*>/.exec(html)?.[0];
      expect(widget).toContain('data-to="endpoint"');
      expect(widget).toContain('data-endpoint="https://feedback.acme.example/v1/answers"');
      // Between the page's article and its footer.
      expect(html.indexOf('</article>')).toBeLessThan(html.indexOf('class="feedback"'));
      expect(html.indexOf('class="feedback"')).toBeLessThan(html.indexOf('class="doc-footer"'));
      expect(html).toContain('>Was this page helpful?</p>');
      const policy = /Content-Security-Policy: (.*)/.exec(built.text('_headers'))![1];
      expect(policy).toContain("connect-src 'self' https://feedback.acme.example;");
      // Without a site URL there are no social cards (og:image must be absolute), and nothing breaks.
      expect([...built.writer.files.keys()].some((f) => f.startsWith('assets/og/'))).toBe(false);
      expect(html).toContain('<meta name="twitter:card" content="summary">');
      // The main bundle carries none of the widget.
      const client = [...built.writer.files.keys()].find((f) => /^assets\/client\.\w+\.js$/.test(f))!;
      expect(built.text(client)).not.toContain('docs.feedback');
    } finally {
      await built.cleanup();
    }
  });

  it('refuses a destination that is not configured, and a plain-HTTP endpoint off the loopback', async () => {
    const attempt = async (config: Record<string, unknown>) => {
      const site = await tmpSite({ 'docs.config.ts': configFile(config), 'content/index.md': page('Home') });
      try {
        await loadConfig(site.root);
        return [];
      } catch (error) {
        return (error as BuildFailure).problems.map((e) => e.message);
      } finally {
        await site.cleanup();
      }
    };
    expect(await attempt({ feedback: {} })).toEqual([
      '"feedback.to" is "analytics" but no analytics container is configured',
    ]);
    expect(await attempt({ feedback: { to: 'both', analytics: undefined } })).toHaveLength(2);
    expect((await attempt({ feedback: { endpoint: 'http://feedback.acme.example/' } }))[0]).toMatch(
      /feedback\.endpoint/,
    );
    expect(await attempt({ feedback: { endpoint: 'http://127.0.0.1:8080/f' } })).toEqual([]);
  });
});

describe('integration: social cards switched off, overridden, and checked frontmatter', () => {
  it('makes no card with socialCards: false', async () => {
    const built = await build({
      'docs.config.ts': configFile({
        base: '/docs/',
        siteUrl: 'https://a.example',
        socialCards: false,
      }),
      'content/index.md': page('Home', 'Text.'),
    });
    try {
      expect([...built.writer.files.keys()].some((f) => f.startsWith('assets/og/'))).toBe(false);
      expect(built.text('index.html')).not.toContain('og:image');
    } finally {
      await built.cleanup();
    }
  });

  it("draws the project's theme/SocialCard.tsx in place of the default card", async () => {
    const override = `export default function SocialCard({ width, height, title, Text }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width={width} height={height}>
      <rect width={width} height={height} fill="#ff0000" />
      <Text x={40} y={120} size={64} weight={700} fill="#ffffff" width={width - 80}>{title}</Text>
    </svg>
  );
}
`;
    const built = await build({
      'docs.config.ts': configFile({ base: '/docs/', siteUrl: 'https://a.example' }),
      'content/index.md': page('Home', 'Text.'),
      'theme/SocialCard.tsx': override,
    });
    try {
      const card = [...built.writer.files.keys()].find((f) => f.startsWith('assets/og/'))!;
      const { data, info } = await sharp(built.writer.files.get(card) as Uint8Array)
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([1200, 630]);
      expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
    } finally {
      await built.cleanup();
    }
  });

  it('reports a hero link to a missing page, a missing image and a bad head tag at their lines', async () => {
    const site = await tmpSite({
      'content/index.md': `---
title: Home
description: The home page.
layout: home
hero:
  actions:
    - text: Go
      link: ./nowhere.md
features:
  - title: One
    icon: ./missing.svg
---
`,
      'content/other.md': page('Other', 'Text.', {
        frontmatter: 'head:\n  - [link, { rel: stylesheet, href: "https://cdn.example/x.css" }]\n',
      }),
    });
    try {
      const error = await buildSite(await loadConfig(site.root), new MemoryWriter()).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(BuildFailure);
      const messages = (error as BuildFailure).problems.map((e) => `${e.place.file}:${e.place.line} ${e.message}`);
      expect(messages).toEqual(
        expect.arrayContaining([
          'index.md:5 frontmatter "hero" links to a missing page: ./nowhere.md',
          'index.md:9 frontmatter "features" names a missing image: ./missing.svg',
          'other.md:4 frontmatter "head" must be a list of meta tags and inert links',
        ]),
      );
    } finally {
      await site.cleanup();
    }
  });
});
