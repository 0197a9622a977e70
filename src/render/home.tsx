/**
 * The home layout (`layout: home`, or Starlight's `template: splash`): a hero with the product's
 * name, a sentence or two, an image and action buttons; a grid of features; then the page's own
 * Markdown. No sidebar and no outline on wide screens (the stylesheet client/features/home.css,
 * linked from home pages only, hides them); the drawer stays on phones.
 */
import path from 'node:path';
import type { HomeImage, HomeFeature, Hero } from '../content/frontmatter.js';
import { resolvePageRef } from '../model/site.js';
import type { PageOutline, PageRecord } from '../model/page.js';
import { isExternal, pageUrl, withSlash } from '../shared/paths.js';

/** Whether a page is laid out as a home page. */
export function isHome(page: PageOutline): boolean {
  return page.frontmatter.layout === 'home' || page.frontmatter.template === 'splash';
}

/** An image as the layout shows it: a URL, and one for the dark theme. */
export interface HomeImageView {
  src: string;
  dark?: string;
  alt: string;
}

export interface HeroView {
  name: string;
  text?: string;
  tagline?: string;
  image?: HomeImageView;
  actions: { text: string; href: string; kind: 'brand' | 'alt' | 'minimal'; external: boolean }[];
}

export interface FeatureView {
  /** An emoji or a few characters, or an image. */
  icon?: { text: string } | { image: HomeImageView };
  title: string;
  details?: string;
  href?: string;
  linkText?: string;
  external?: boolean;
}

/** A link of the hero or a feature, as written: a URL, a route, or a .md path relative to the page. */
export function homeLinkTarget(page: PageOutline, link: string): { external: true } | { route: string; hash: string } {
  if (isExternal(link)) return { external: true };
  const hashAt = link.indexOf('#');
  const target = hashAt < 0 ? link : link.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : link.slice(hashAt);
  if (!target) return { route: page.regularPath, hash };
  if (/\.mdx?$/i.test(target)) return { route: resolvePageRef(page, target), hash };
  const route = target.startsWith('/')
    ? target
    : path.posix.join(page.regularPath, target) + (target.endsWith('/') ? '/' : '');
  return { route: withSlash(route), hash };
}

/** A path of the hero or a feature: relative to the page's file, or "/" for the content folder; the file under the content folder. */
export function homeFile(page: PageOutline, src: string): string | undefined {
  if (isExternal(src)) return undefined;
  return src.startsWith('/')
    ? path.posix.normalize(src.slice(1))
    : path.posix.normalize(path.posix.join(path.posix.dirname(page.relativePath), src));
}

const IMAGE_FILE = /\.(svg|png|jpe?g|webp|gif|avif)$/i;

/** Every link and image file a home page's frontmatter names, with the key it is under (for the checks). */
export function homeReferences(page: PageOutline): { key: string; link?: string; file?: string; src?: string }[] {
  if (!isHome(page)) return [];
  const { hero, features } = page.frontmatter;
  const refs: { key: string; link?: string; file?: string; src?: string }[] = [];
  const images = (key: string, image: HomeImage | undefined, icon = false) => {
    for (const src of imageSources(image, icon)) {
      const file = homeFile(page, src);
      if (file !== undefined) refs.push({ key, file, src });
    }
  };
  (hero?.actions ?? []).forEach((action) => refs.push({ key: 'hero', link: action.link }));
  images('hero', hero?.image);
  (features ?? []).forEach((f) => {
    if (f.link) refs.push({ key: 'features', link: f.link });
    images('features', f.icon, true);
  });
  return refs;
}

/** The paths or URLs an image names; an icon that is not an image file (an emoji) names none. */
function imageSources(image: HomeImage | undefined, icon: boolean): string[] {
  if (image === undefined) return [];
  if (typeof image === 'string') return !icon || IMAGE_FILE.test(image) || isExternal(image) ? [image] : [];
  if ('light' in image) return [image.light, image.dark];
  return ['src' in image ? image.src : image.file];
}

export function homeView(base: string, page: PageRecord): { hero?: HeroView; features: FeatureView[] } {
  const { hero, features = [] } = page.frontmatter;
  const href = (link: string) => {
    const target = homeLinkTarget(page, link);
    return 'external' in target ? link : pageUrl(base, target.route) + target.hash;
  };
  const url = (src: string) => (isExternal(src) ? src : pageUrl(base, `/${homeFile(page, src)}`));
  const image = (value: HomeImage | undefined, alt: string): HomeImageView | undefined => {
    if (value === undefined) return undefined;
    if (typeof value === 'string') return { src: url(value), alt };
    if ('light' in value) return { src: url(value.light), dark: url(value.dark), alt: value.alt ?? alt };
    return { src: url('src' in value ? value.src : value.file), alt: value.alt ?? alt };
  };
  const heroView = (h: Hero): HeroView => ({
    name: h.name ?? h.title ?? page.title,
    text: h.text,
    tagline: h.tagline,
    // The hero image illustrates; its text alternative is empty unless the page gives one.
    image: image(h.image, ''),
    actions: (h.actions ?? []).map((a, i) => ({
      text: a.text,
      href: href(a.link),
      external: isExternal(a.link),
      kind:
        a.variant === 'minimal'
          ? 'minimal'
          : a.theme === 'alt' || a.variant === 'secondary' || (!a.theme && !a.variant && i > 0)
            ? 'alt'
            : 'brand',
    })),
  });
  return {
    // A home page without `hero` still has its title as the hero's name (its one h1).
    hero: heroView(hero ?? {}),
    features: features.map((f: HomeFeature) => ({
      icon:
        f.icon === undefined
          ? undefined
          : typeof f.icon === 'string' && !IMAGE_FILE.test(f.icon) && !isExternal(f.icon)
            ? { text: f.icon }
            : { image: image(f.icon, '')! },
      title: f.title,
      details: f.details,
      href: f.link ? href(f.link) : undefined,
      linkText: f.linkText,
      external: f.link ? isExternal(f.link) : undefined,
    })),
  };
}

/**
 * The box an image of the layout is shown in (client/features/home.css): its width and height, so nothing moves when
 * it arrives whatever the image's own size (`object-fit: contain` fits it in).
 */
const BOX = { 'hero-img': { width: 320, height: 256 }, 'feature-img': { width: 32, height: 32 } } as const;

function Picture({ image, className }: { image: HomeImageView; className: keyof typeof BOX }) {
  const size = BOX[className];
  // Lazy for the dark one: the image of the other theme is hidden and never loads (as the logo's).
  return (
    <>
      <img className={image.dark ? `${className} logo-light` : className} src={image.src} alt={image.alt} {...size} />
      {image.dark && (
        <img className={`${className} logo-dark`} src={image.dark} alt={image.alt} loading="lazy" {...size} />
      )}
    </>
  );
}

/** The content region of a home page. */
export function Home({ hero, features, html }: { hero?: HeroView; features: FeatureView[]; html: string }) {
  return (
    <article className="home">
      {hero && (
        <section className="hero" aria-labelledby="page-title">
          <div className="hero-main">
            <h1 id="page-title" tabIndex={-1} className="hero-name">
              {hero.name}
            </h1>
            {hero.text && <p className="hero-text">{hero.text}</p>}
            {hero.tagline && <p className="hero-tagline">{hero.tagline}</p>}
            {hero.actions.length > 0 && (
              <div className="hero-actions">
                {hero.actions.map((a, i) => (
                  <a
                    key={i}
                    className={`hero-action ${a.kind}`}
                    href={a.href}
                    {...(a.external ? { rel: 'noopener' } : {})}
                  >
                    {a.text}
                  </a>
                ))}
              </div>
            )}
          </div>
          {hero.image && (
            <div className="hero-image">
              <Picture image={hero.image} className="hero-img" />
            </div>
          )}
        </section>
      )}
      {features.length > 0 && (
        <ul className="features">
          {features.map((f, i) => {
            const body = (
              <>
                {f.icon && (
                  <span className="feature-icon" aria-hidden="true">
                    {'text' in f.icon ? f.icon.text : <Picture image={f.icon.image} className="feature-img" />}
                  </span>
                )}
                <h2 className="feature-title">{f.title}</h2>
                {f.details && <p className="feature-details">{f.details}</p>}
                {f.href && f.linkText && <span className="feature-more">{f.linkText}</span>}
              </>
            );
            return (
              <li key={i} className="feature">
                {f.href ? (
                  <a className="feature-box" href={f.href} {...(f.external ? { rel: 'noopener' } : {})}>
                    {body}
                  </a>
                ) : (
                  <div className="feature-box">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {html.trim() && <div className="content" dangerouslySetInnerHTML={{ __html: html }} />}
    </article>
  );
}
