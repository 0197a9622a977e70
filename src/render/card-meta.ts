/**
 * Which social card a page shows and where it lives: light (no font, no image library), so the
 * page renderer, in any thread, names the same file the cards stage makes (src/outputs/social-cards.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileHash } from '../incremental/hash.js';
import { GENERATOR_ROOT } from '../generator-root.js';
import { groupOf, isGroup, type Site } from '../model/site.js';
import type { PageOutline } from '../model/page.js';
import type { ResolvedConfig } from '../config/schema.js';
import type { CardColors } from './social-card.js';

/**
 * Part of every card's file name: raise it when the default template (src/render/social-card.tsx,
 * card-text.tsx) draws differently, so hosts and chat apps that cached a card by its URL fetch the new one.
 */
export const CARD_VERSION = 1;

/** The size every card has (what `og:image:width` and `og:image:height` say). */
export const CARD_SIZE = { width: 1200, height: 630 } as const;

/** The site's public URL (`siteUrl`, or the deprecated `product.siteUrl`, as the configuration resolved it). */
export function siteUrlOf(config: Pick<ResolvedConfig, 'siteUrl'>): string | undefined {
  return config.siteUrl;
}

/** Cards are made unless switched off, and only where the site's URL is known: `og:image` must be an absolute URL. */
export function socialCardsOn(config: ResolvedConfig): boolean {
  return config.socialCards && siteUrlOf(config) !== undefined;
}

/** What a card shows: its file name is a hash of it, so a card changes name when anything it shows does. */
export interface CardInput {
  version: number;
  siteTitle: string;
  section?: string;
  title: string;
  description: string;
  /** URL of the site's logo (its name has its content hash). */
  logo?: string;
  colors: CardColors;
  /** Hash of the project's layout overrides (a `theme/SocialCard.tsx` among them). */
  template?: string;
}

let colors: CardColors | undefined;

/** The light theme's colours, read from the site's stylesheet (`--bg: light-dark(#fff, #14171c)`). */
export function themeColors(): CardColors {
  if (colors) return colors;
  const css = readFileSync(path.join(GENERATOR_ROOT, 'client/styles/index.css'), 'utf8');
  const light = (name: string, fallback: string) =>
    new RegExp(`--${name}:\\s*light-dark\\(\\s*(#[0-9a-fA-F]{3,8})`).exec(css)?.[1] ?? fallback;
  colors = {
    bg: light('bg', '#ffffff'),
    bgSoft: light('bg-soft', '#f6f7f9'),
    text: light('text', '#1b1f24'),
    textSoft: light('text-soft', '#4a5260'),
    border: light('border', '#d9dde3'),
    brand: light('brand', '#0b5fcc'),
    brandSoft: light('brand-soft', '#e3edfb'),
  };
  return colors;
}

/** The card of a page, or undefined when cards are off or the page names its own `image`. */
export function cardOf(
  site: Site<PageOutline>,
  page: PageOutline,
  logo: string | undefined,
): { path: string; input: CardInput } | undefined {
  if (!socialCardsOn(site.config) || page.frontmatter.image) return undefined;
  const group = site.nav[groupOf(site, page.regularPath)];
  const input: CardInput = {
    version: CARD_VERSION,
    siteTitle: site.config.title,
    ...(group && isGroup(group) ? { section: group.text } : {}),
    title: page.title,
    description: page.description,
    ...(logo ? { logo } : {}),
    colors: themeColors(),
    ...(site.config.theme.overrides?.parts.includes('SocialCard')
      ? { template: site.config.theme.overrides.hash }
      : {}),
  };
  return { path: `assets/og/${fileHash(JSON.stringify(input), 16)}.png`, input };
}
