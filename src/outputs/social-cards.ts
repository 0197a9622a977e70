/**
 * The social cards stage: one PNG a page (src/render/card-meta.ts names it), made from the card's
 * SVG by sharp (librsvg) and kept in node_modules/.cache/docs/social-cards by its file name and the
 * generator's code, so a build in which no card changed encodes nothing: each card is one file read.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cachePath, codeVersion } from '../incremental/cache.js';
import { sha1 } from '../incremental/hash.js';
import { evaluateComponents } from '../markdown/mdx.js';
import { siteOf } from '../i18n/site.js';
import type { Site } from '../model/site.js';
import type { OutputFile, PageOutline } from '../model/page.js';
import type { ThemeView } from '../theme/assets.js';
import { CARD_SIZE, cardOf, socialCardsOn, type CardInput } from '../render/card-meta.js';
import { SocialCard, type SocialCardProps } from '../render/social-card.js';
import { CardText } from '../render/card-text.js';

/** Cards encoded at once: sharp spreads one image over libvips' threads already. */
const PARALLEL = 2;
/** The logo's height on the card. */
const LOGO_HEIGHT = 64;

export interface RenderedCards {
  files: OutputFile[];
  /** Cards encoded this time (the others came from the cache). */
  converted: number;
}

/** Every page's card (pages with their own `image` have none); nothing when cards are off. */
export async function renderSocialCards(site: Site<PageOutline>, theme: ThemeView | undefined): Promise<RenderedCards> {
  const { config } = site;
  if (!socialCardsOn(config)) return { files: [], converted: 0 };
  const cards = new Map<string, CardInput>();
  for (const page of site.pages) {
    const card = cardOf(siteOf(site, page.regularPath), page, theme?.logo?.src);
    if (card) cards.set(card.path, card.input);
  }
  const salt = await codeVersion();
  const template = config.theme.overrides?.parts.includes('SocialCard')
    ? (evaluateComponents(config.theme.overrides.code).SocialCard as unknown as ComponentType<
        SocialCardProps & { Default: typeof SocialCard }
      >)
    : undefined;
  let logo: Promise<SocialCardProps['logo']> | undefined;
  const files: OutputFile[] = [];
  let converted = 0;
  const queue = [...cards];
  const work = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [file, input] = next;
      const cached = cachePath(config, `social-cards/${sha1(salt, file)}.png`);
      let contents: Uint8Array | undefined = await readFile(cached).catch(() => undefined);
      if (!contents) {
        logo ??= logoOf(config.theme.logo?.src, theme);
        contents = await encode(cardSvg(input, await logo, template));
        await mkdir(path.dirname(cached), { recursive: true });
        // Written aside and renamed: a build in another process may read the same entry.
        await writeFile(`${cached}.${process.pid}.tmp`, contents);
        await rename(`${cached}.${process.pid}.tmp`, cached);
        converted++;
      }
      files.push({ path: file, contents });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, work));
  return { files: files.sort((a, b) => a.path.localeCompare(b.path)), converted };
}

/** The SVG of a card: the project's template (`theme/SocialCard.tsx`) when it has one. */
export function cardSvg(
  input: CardInput,
  logo: SocialCardProps['logo'],
  template?: ComponentType<SocialCardProps & { Default: typeof SocialCard }>,
): string {
  const props: SocialCardProps = {
    ...CARD_SIZE,
    siteTitle: input.siteTitle,
    section: input.section,
    title: input.title,
    description: input.description,
    logo,
    colors: input.colors,
    Text: CardText,
  };
  const element = template
    ? createElement(template, { ...props, Default: SocialCard })
    : createElement(SocialCard, props);
  return renderToStaticMarkup(element);
}

const MIME: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

/** The site's logo (the light theme's) as a data URL at the card's logo height. */
async function logoOf(file: string | undefined, theme: ThemeView | undefined): Promise<SocialCardProps['logo']> {
  const view = theme?.logo;
  if (!file || !view || !MIME[path.extname(file).toLowerCase()]) return undefined;
  const bytes = await readFile(file);
  const width = Math.round((view.width / view.height) * LOGO_HEIGHT) || LOGO_HEIGHT;
  return {
    href: `data:${MIME[path.extname(file).toLowerCase()]};base64,${bytes.toString('base64')}`,
    width,
    height: LOGO_HEIGHT,
  };
}

/** sharp loads (with libvips) only when a card must be encoded. */
async function encode(svg: string): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp');
  // Opaque (no alpha channel) and zlib's default level: a tenth of the time of level 8 for 5% more bytes.
  return sharp(Buffer.from(svg), { density: 72 })
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
