/**
 * The social card (Open Graph image) of a page: an SVG made by React at build time, turned into a
 * PNG by src/outputs/social-cards.ts. A project replaces it with `theme/SocialCard.tsx`, which gets
 * the same props (and this component as `Default`).
 */
import type { ComponentType } from 'react';
import { CardText, lineCount, type CardTextProps } from './card-text.js';

/** The theme's colours (the light theme's values of client/styles/index.css). */
export interface CardColors {
  bg: string;
  bgSoft: string;
  text: string;
  textSoft: string;
  border: string;
  brand: string;
  brandSoft: string;
}

export interface SocialCardProps {
  width: number;
  height: number;
  siteTitle: string;
  /** The title of the sidebar group the page is in, if any. */
  section?: string;
  title: string;
  description: string;
  /** The site's logo as a data URL, with its size scaled to the card's logo height. */
  logo?: { href: string; width: number; height: number };
  colors: CardColors;
  /** Wrapped text as outlines in the embedded font (no font needed on the machine that builds). */
  Text: ComponentType<CardTextProps>;
}

/** The default card: logo and site name, section, title and description on the theme's background. */
export function SocialCard({
  width,
  height,
  siteTitle,
  section,
  title,
  description,
  logo,
  colors,
  Text,
}: SocialCardProps) {
  const pad = 80;
  const inner = width - 2 * pad;
  const titleSize = title.length > 48 ? 60 : 72;
  const titleTop = section ? 290 : 240;
  const titleLines = lineCount(title, titleSize, inner, 3, 700);
  const descriptionTop = titleTop + (titleLines - 1) * titleSize * 1.15 + 80;
  const descriptionLines = Math.max(1, Math.min(3, Math.floor((height - 70 - descriptionTop) / (34 * 1.35)) + 1));
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <rect width={width} height={height} fill={colors.bg} />
      <rect x={0} y={0} width={width} height={12} fill={colors.brand} />
      <circle cx={width - 40} cy={height + 40} r={260} fill={colors.brandSoft} />
      {logo && <image href={logo.href} x={pad} y={72} width={logo.width} height={logo.height} />}
      <Text
        x={logo ? pad + logo.width + 20 : pad}
        y={118}
        size={34}
        weight={700}
        fill={colors.text}
        width={inner - (logo ? logo.width + 20 : 0)}
      >
        {siteTitle}
      </Text>
      {section && (
        <Text x={pad} y={196} size={30} weight={700} fill={colors.brand} width={inner}>
          {section}
        </Text>
      )}
      <Text
        x={pad}
        y={titleTop}
        size={titleSize}
        weight={700}
        fill={colors.text}
        width={inner}
        maxLines={3}
        lineHeight={1.15}
      >
        {title}
      </Text>
      {description && descriptionTop < height - 60 && (
        <Text
          x={pad}
          y={descriptionTop}
          size={34}
          fill={colors.textSoft}
          width={inner - 120}
          maxLines={descriptionLines}
          lineHeight={1.35}
        >
          {description}
        </Text>
      )}
    </svg>
  );
}

export { CardText };
