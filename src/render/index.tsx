import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { absolute, groupOf, isGroup, openGroups, prevNext, sidebarOf, type Site } from '../model/site.js';
import { isExternal, pageUrl, withBase, withSlash } from '../shared/paths.js';
import { topNavCurrent } from '../shared/nav-current.js';
import type { Feature, PageOutline, PageRecord } from '../model/page.js';
import { Body, NotFound, PageContent, Sidebar, Toc, type PageView, type ShellTheme } from './components.js';
import { Part, WithOverrides, type Overrides, type TopNavLink } from './parts.js';
import { evaluateComponents } from '../markdown/mdx.js';
import type { ThemeView } from '../theme/assets.js';
import { projectHeadTags } from '../theme/head.js';
import { breadcrumbJsonLd } from '../outputs/structured-data.js';
import { feedHref } from '../outputs/feed.js';
import { pageConnectPolicy } from '../outputs/headers.js';
import { apiOrigins } from '../content/openapi.js';
import { pageStylePath } from '../pages/page-styles.js';
import type { ChunkData } from '../shared/contract.js';
import { documentHeadTags, escapeHtml, fillTemplate, headTags, type HeadData, type ShareImage } from './head.js';
import { Home, homeFile, homeView, isHome } from './home.js';
import { CARD_SIZE, cardOf } from './card-meta.js';
import { Feedback } from './feedback.js';
import { pageHeadTags } from '../theme/head.js';
import { canonicalRoute, localeView } from '../i18n/view.js';
import { localeHeadTags } from '../i18n/head.js';
import { editUrl } from '../versions/paths.js';
import { fallbackOf, pageRoute } from '../i18n/locales.js';
import { localeHome, localeOf } from '../i18n/site.js';
import { WithStrings } from './strings.js';
import { GENERATOR_ROOT } from '../generator-root.js';

/** Stand-ins for the regions in the cached page shell (comments cannot occur in rendered attributes). */
const REGION = { sidebar: '<!--docs:sidebar-->', content: '<!--docs:content-->', toc: '<!--docs:toc-->' };

export const TEMPLATES_DIR = path.join(GENERATOR_ROOT, 'templates');

/** The hashed assets every page references (from the assets stage). */
export interface PageAssets {
  css: string;
  js: string;
  /** Inline script that applies the saved theme before first paint (hashed in the CSP). */
  themeScript: string;
  redirectScript: string;
  /** Stylesheet URL of each feature (math, diagrams, images), linked only from pages that use it. */
  features: Record<Feature, string>;
  /** Module URL of each feature with a script (src/build/assets.ts SCRIPT_FEATURES). */
  featureScripts?: Partial<Record<Feature, string>>;
  /** The project's stylesheet, logo and icons (src/theme/assets.ts). */
  theme?: ThemeView;
  /** The plugins' head tags, stylesheets and module loader (src/plugins/assets.ts). */
  pluginHead?: string;
  /** The plugins' client modules each page loads, by route. */
  pageModules?: Record<string, string[]>;
  /** Files of the layout's optional parts, linked only from pages that show them (src/build/assets.ts). */
  extra?: ExtraAssets;
}

/** The home layout's stylesheet; the feedback widget's script and stylesheet (only when feedback is on). */
export interface ExtraAssets {
  home: string;
  feedback?: { js: string; css: string };
}

export function pageView<P extends PageOutline>(site: Site<PageOutline>, page: P): PageView<P> {
  const { config } = site;
  const { prev, next } = prevNext(site, page);
  const ref = (p?: PageOutline) => (p ? { title: p.title, href: p.path } : undefined);
  const sidebar = sidebarOf(site, page.regularPath);
  return {
    siteTitle: config.title,
    homeHref: localeHome(site),
    base: config.base,
    page,
    nav: sidebar?.entries ?? [],
    sidebar: sidebar?.prefix ?? '',
    group: groupOf(site, page.regularPath),
    open: openGroups(site, page.regularPath),
    topNav: topNavLinks(site, page.path),
    prev: ref(prev),
    next: ref(next),
    // A page a plugin generated has no file to edit; an untranslated page's is its original.
    editHref:
      page.frontmatter.generatedBy || !config.editLink
        ? undefined
        : editUrl(config.editLink, fallbackOf(page) ?? page.relativePath),
    editText: config.editLink?.text,
    markdownHref: `${page.path}index.md`,
    lastUpdated: config.theme.lastUpdated ? site.lastUpdated?.get(page.relativePath)?.slice(0, 10) : undefined,
    lang: config.lang,
    ...localeView(site, page),
  };
}

/** The top navigation links of the configuration, the one for `pathname` (a URL path) marked current. */
export function topNavLinks(site: Site<PageOutline>, pathname: string): TopNavLink[] {
  const { base } = site.config;
  return site.config.topNav.map(({ text, link, match }) => {
    const external = isExternal(link);
    const href = external ? link : pageUrl(base, withSlash(link));
    const section = match === undefined ? undefined : pageUrl(base, match);
    const current = external ? undefined : topNavCurrent(pathname, href, section);
    return { text, href, external, ...(section !== undefined && { match: section }), ...(current && { current }) };
  });
}

export function pageHead(site: Site<PageOutline>, page: PageOutline): HeadData {
  const { config } = site;
  const atRoot = page.regularPath === '/';
  // Frontmatter `canonical`: a URL as it is, a route of the site under the site's URL.
  const own = page.frontmatter.canonical;
  const canonical = own
    ? isExternal(own)
      ? own
      : absolute(site, pageUrl(config.base, withSlash(own)))
    : absolute(site, pageUrl(config.base, canonicalRoute(site, page)));
  return {
    title: atRoot ? config.title : `${page.title} | ${config.title}`,
    description: page.description,
    lang: config.lang,
    canonical,
    ogTitle: page.title,
    siteName: config.title,
    ...(page.frontmatter.noindex ? { noindex: true } : {}),
  };
}

/** The image a shared link to the page shows: its frontmatter `image`, else its social card (when cards are on). */
export function shareImage(
  site: Site<PageOutline>,
  page: PageOutline,
  logo: string | undefined,
): ShareImage | undefined {
  const { config } = site;
  const own = page.frontmatter.image;
  if (own) {
    const url = isExternal(own) ? own : absolute(site, pageUrl(config.base, `/${homeFile(page, own)}`));
    return { url, alt: page.title };
  }
  const card = cardOf(site, page, logo);
  if (!card) return undefined;
  return {
    url: absolute(site, withBase(config.base, card.path)),
    ...CARD_SIZE,
    alt: `${page.title} | ${config.title}`,
  };
}

/** The HTML templates pages and redirect stubs are filled into. */
export interface Templates {
  page: string;
  redirect: string;
}

/** Read by the main thread: bundled page workers live elsewhere and get them as data. */
export function readTemplates(): Templates {
  return {
    page: readFileSync(path.join(TEMPLATES_DIR, 'page.html'), 'utf8'),
    redirect: readFileSync(path.join(TEMPLATES_DIR, 'redirect.html'), 'utf8'),
  };
}

export class Renderer {
  private readonly pageTemplate: string;
  private readonly redirectTemplate: string;
  /** The project's layout overrides (src/theme/config.ts), by part name. */
  private readonly overrides: Overrides;

  constructor(
    private readonly site: Site<PageOutline>,
    private readonly assets: PageAssets,
    templates: Templates = readTemplates(),
  ) {
    this.pageTemplate = templates.page;
    this.redirectTemplate = templates.redirect;
    this.overrides = site.config.theme.overrides
      ? (evaluateComponents(site.config.theme.overrides.code) as Overrides)
      : {};
  }

  /** The regions and head of one page: the chunk the runtime loads to show it without a reload. */
  renderChunk(page: PageRecord): ChunkData {
    const view = pageView(this.site, page);
    const home = isHome(page);
    // A home page is wide (no outline); its stylesheet hides the sidebar on wide screens.
    const layout = home || page.frontmatter.layout === 'page' ? 'page' : 'doc';
    const feedback = this.site.config.feedback;
    const main = home
      ? `<link rel="stylesheet" href="${escapeHtml(this.assets.extra?.home ?? '')}">` +
        this.markup(<Home {...homeView(this.site.config.base, page)} html={page.html} />)
      : this.markup(
          <PageContent
            view={view}
            after={
              feedback && (
                <Feedback comment={feedback.comment} endpoint={feedback.endpoint} analytics={feedback.analytics} />
              )
            }
          />,
        );
    const regions = {
      sidebar: this.sidebar(page.regularPath),
      content: this.featureStyles(page) + this.moduleLinks(page) + main,
      // `outline: false` (and the peers' `hide_table_of_contents`, `tableOfContents: false`): no outline.
      toc:
        layout === 'doc' && page.frontmatter.outline !== false
          ? this.markup(<Part name="Toc" Default={Toc} props={{ headers: page.headers }} />)
          : '',
    };
    return { key: page.key, route: page.regularPath, head: pageHead(this.site, page), regions, layout };
  }

  /**
   * The stylesheets of the features a page uses, at the start of its content: in the body (where
   * HTML allows stylesheet links) so that they come with the page's chunk when the runtime
   * navigates to it, and pages without math, diagrams or images load none of them.
   */
  private featureStyles(page: PageRecord): string {
    const own = page.css ? [withBase(this.site.config.base, `/${pageStylePath(page.css)}`)] : [];
    const features = page.features ?? [];
    const scripts = features.flatMap((feature) => this.assets.featureScripts?.[feature] ?? []);
    return (
      [...features.map((feature) => this.assets.features[feature]), ...own]
        .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
        .join('') +
      // Imported by the runtime (client/main.ts) on load and after each navigation, as plugins' modules are.
      scripts.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" data-docs-module>`).join('')
    );
  }

  /** The plugins' client modules of a page, in its content so they come with its chunk (the loader imports them). */
  private moduleLinks(page: PageRecord): string {
    return (this.assets.pageModules?.[page.regularPath] ?? [])
      .map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" data-docs-module>`)
      .join('');
  }

  /**
   * The sidebar of a page: the pages of a group share one sidebar but for the current link, so
   * React renders it once for each innermost group, sidebar and current top link (at 10,000 pages
   * that is most of the render stage); the current link is marked in the copy.
   */
  private readonly sidebars = new Map<string, string>();
  private sidebar(route: string): string {
    const sidebar = sidebarOf(this.site, route);
    const open = openGroups(this.site, route);
    const topNav = topNavLinks(this.site, pageUrl(this.site.config.base, route));
    const key = JSON.stringify([sidebar?.prefix, open.at(-1), topNav.map((link) => link.current)]);
    let html = this.sidebars.get(key);
    if (html === undefined) {
      html = this.markup(
        <Part
          name="Sidebar"
          Default={Sidebar}
          props={{ nav: sidebar?.entries ?? [], prefix: sidebar?.prefix, open, topNav }}
        />,
      );
      this.sidebars.set(key, html);
    }
    // The opening tag exactly as React writes it for this page's links (same escaping), then marked as NavItem does.
    const href = pageUrl(this.site.config.base, route);
    // A path with nothing to escape is written as is (a React render a page cost 0.5% of a worker's time).
    const plain = /^\/[^"&'<>]*$/.test(href)
      ? `<a href="${href}">`
      : renderToStaticMarkup(<a href={href} />).replace('</a>', '');
    return html.replaceAll(plain, `${plain.slice(0, -1)} class="active" aria-current="page">`);
  }

  /** The full HTML of a page from its chunk: the static page and the runtime show the same thing. */
  renderDocument(chunk: ChunkData, routesUrl: string): string {
    const { sidebar, content, toc } = chunk.regions;
    const body = this.shell(chunk.layout === 'page', chunk.route)
      .replace(REGION.sidebar, () => sidebar)
      .replace(REGION.content, () => content)
      .replace(REGION.toc, () => toc);
    return this.document(chunk.head, body, { route: chunk.route, key: chunk.key }, routesUrl);
  }

  /** The page body is the same on every page but for its regions (and the current top link): React renders it once for each. */
  private readonly shells = new Map<string, string>();
  private shell(wide: boolean, route: string): string {
    const topNav = topNavLinks(this.site, route ? pageUrl(this.site.config.base, route) : '');
    const key = JSON.stringify([wide, topNav.map((link) => link.current)]);
    let shell = this.shells.get(key);
    if (shell === undefined) {
      shell = this.markup(
        <Body
          siteTitle={this.site.config.title}
          homeHref={localeHome(this.site)}
          wide={wide}
          regions={REGION}
          theme={this.themeParts()}
          topNav={topNav}
        />,
      );
      this.shells.set(key, shell);
    }
    return shell;
  }

  /** Each top-level group's HTML by its index in `site.nav` (null for links), for the runtime to expand closed groups in place. */
  renderNavGroups(): (string | null)[] {
    return this.site.nav.map((entry) =>
      isGroup(entry)
        ? this.markup(<Part name="Sidebar" Default={Sidebar} props={{ nav: [entry], open: [entry.id] }} />)
        : null,
    );
  }

  /** `404.html`: served by hosts for unknown paths; the runtime first tries the address's other forms. */
  renderNotFound(routesUrl: string): string {
    const { config } = this.site;
    const { strings } = localeOf(this.site);
    const head: HeadData = {
      title: `${strings['notFound.title']} | ${config.title}`,
      description: strings['notFound.text'].split('. ')[0].replace(/\.?$/, '.'),
      lang: config.lang,
      noindex: true,
      siteName: config.title,
    };
    // The sidebar of the language's home, every group closed: the not-found page is in none.
    const sidebar = sidebarOf(this.site, pageRoute({ locale: localeOf(this.site).key }, '/'));
    const topNav = topNavLinks(this.site, '');
    const body = this.markup(
      <Body
        siteTitle={config.title}
        homeHref={localeHome(this.site)}
        wide
        topNav={topNav}
        regions={{
          sidebar: this.markup(
            <Part
              name="Sidebar"
              Default={Sidebar}
              props={{ nav: sidebar?.entries ?? [], prefix: sidebar?.prefix, open: [], topNav }}
            />,
          ),
          content: this.markup(<Part name="NotFound" Default={NotFound} props={{ homeHref: localeHome(this.site) }} />),
          toc: '',
        }}
        theme={this.themeParts()}
      />,
    );
    return this.document(head, body, { route: '', key: '', 'not-found': 'true' }, routesUrl);
  }

  /**
   * On a site with try-it panels, each document narrows the policy's `connect-src` (which allows every
   * API origin of the site) to its own: the API's origin on its reference pages, none elsewhere.
   */
  private siteApiOrigins?: string[];
  private connectPolicy(page: PageOutline | undefined): string {
    this.siteApiOrigins ??= apiOrigins(this.site.pages);
    if (!this.siteApiOrigins.length) return '';
    const policy = pageConnectPolicy(this.site.config, page ? apiOrigins([page]) : []);
    return `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}">`;
  }

  /** What the site-wide parts of the shell show: banner, logo, social links, footer. */
  private themeParts(): ShellTheme {
    const { config } = this.site;
    const link = (l: { text: string; link: string }) => ({
      text: l.text,
      href: isExternal(l.link) ? l.link : pageUrl(config.base, l.link.endsWith('/') ? l.link : `${l.link}/`),
    });
    const { banner, footer } = config.theme;
    return {
      banner: banner && { id: banner.id, text: banner.text, link: banner.link && link(banner.link) },
      logo: this.assets.theme?.logo,
      social: this.assets.theme?.social ?? [],
      footer: { text: footer?.text, links: footer?.links.map(link) ?? [] },
    };
  }

  renderRedirect(target: string): string {
    return fillTemplate(this.redirectTemplate, {
      lang: escapeHtml(this.site.config.lang),
      target: escapeHtml(target),
      script: escapeHtml(this.assets.redirectScript),
    });
  }

  private document(head: HeadData, body: string, data: Record<string, string>, routesUrl: string): string {
    const { assets, site } = this;
    const page = data.route ? site.byRoute.get(data.route) : undefined;
    const feedback = page && site.config.feedback ? assets.extra?.feedback : undefined;
    const headHtml = [
      headTags(head, page && shareImage(site, page, assets.theme?.logo?.src)),
      documentHeadTags({
        base: site.config.base,
        structuredData: page ? breadcrumbJsonLd(site, page) : '',
        feed: page && feedHref(page) ? { href: feedHref(page)!, title: `${page.title} (Atom)` } : undefined,
      }),
      `<link rel="stylesheet" href="${assets.css}">`,
      assets.theme?.customCss ? `<link rel="stylesheet" href="${escapeHtml(assets.theme.customCss)}">` : '',
      // No first paint before the top bar is whole: HTML that arrives in parts (a slow network) was painted up to
      // the middle of the bar, and its items moved as the rest came (a flex row, the search box pushed by the theme
      // toggle). The sidebar's element follows the bar on every page; a browser without `rel=expect` ignores it.
      `<link rel="expect" href="#sidebar" blocking="render">`,
      `<script>${assets.themeScript}</script>`,
      `<script type="module" src="${assets.js}"></script>`,
      feedback
        ? `<link rel="stylesheet" href="${escapeHtml(feedback.css)}">\n<script type="module" src="${escapeHtml(feedback.js)}"></script>`
        : '',
      `<meta name="docs:routes" content="${routesUrl}">`,
      `<meta name="docs:base" content="${escapeHtml(site.config.base)}">`,
      this.connectPolicy(page),
      site.config.analytics.containerId
        ? `<meta name="docs:analytics" content="${escapeHtml(site.config.analytics.containerId)}">`
        : '',
      localeHeadTags(site, page),
      projectHeadTags(site.config.theme.head),
      page?.frontmatter.head ? pageHeadTags(page.frontmatter.head) : '',
      assets.pluginHead,
    ]
      .filter(Boolean)
      .join('\n');
    const attributes = Object.entries(data)
      .map(([k, v]) => ` data-${k}="${escapeHtml(v)}"`)
      .join('');
    return fillTemplate(this.pageTemplate, {
      lang: escapeHtml(head.lang),
      dir: site.i18n ? ` dir="${localeOf(site).dir}"` : '',
      head: headHtml,
      bodyAttributes: attributes,
      body,
    });
  }

  /** React's markup with the interface strings of the site's language, and the project's overrides in place of the parts they replace. */
  private markup(element: React.ReactElement): string {
    return renderToStaticMarkup(
      <WithStrings strings={localeOf(this.site).strings}>
        <WithOverrides overrides={this.overrides}>{element}</WithOverrides>
      </WithStrings>,
    );
  }
}

export function markdownUrl(base: string, route: string): string {
  return `${pageUrl(base, route)}index.md`;
}
