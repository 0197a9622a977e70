import path from 'node:path';
import type { ResolvedVersion } from '../versions/config.js';
import { contentFile, contentFolderOf } from '../versions/paths.js';
import { contentRules, readProjectFile, RefusedFile } from '../content/project-files.js';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { imageSize } from 'image-size';
import type { VFile } from 'vfile';
import { fileHash } from '../incremental/hash.js';
import { withBase } from '../shared/paths.js';
import type { PageImage } from '../model/page.js';
import { usesFeature } from './features.js';
import { staticFile } from './links.js';

export interface ImageOptions {
  base: string;
  contentDir: string;
  versions?: ResolvedVersion[];
  /** `limits.fileBytes`: the largest image read. */
  fileBytes: number;
}

/** Formats raster images are converted to, best first; the original stays as the fallback. */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
/** Rendition widths: the content column (48rem) at 1x and 2x, and a phone's. */
const WIDTHS = [480, 768, 1536];
/** How wide the image shows: the column on wide screens, the viewport on narrow ones. */
const SIZES = '(min-width: 48rem) 48rem, 100vw';
const CONVERTED = /\.(png|jpe?g)$/i;
/** Narrower images show at their own size: nothing to enlarge. */
const ZOOM_MIN_WIDTH = 480;

/** The widths an image is rendered at: those of WIDTHS below its own, then its own (at most the largest). */
export function renditionWidths(width: number): number[] {
  const largest = WIDTHS[WIDTHS.length - 1];
  return [...WIDTHS.filter((w) => w < Math.min(width, largest)), Math.min(width, largest)];
}

/** The path of one rendition in the output, named by the source's content hash (so cached forever). */
export function renditionPath(image: Pick<PageImage, 'file' | 'hash'>, width: number, format: string): string {
  const stem = path.posix
    .basename(image.file)
    .replace(/\.[^.]+$/, '')
    .replace(/[^\w-]+/g, '-');
  return `assets/img/${stem}.${image.hash}.${width}.${format}`;
}

/** The content hash in a rendition's name (ten characters: images are many, and kept across builds). */
export const imageHash = (data: Uint8Array): string => fileHash(data, 10);

const el = (tagName: string, properties: Element['properties'], children: ElementContent[] = []): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

/**
 * Markdown images: `width` and `height` from the file (no layout shift, and the HTML gate wants
 * them), `loading="lazy"` and `decoding="async"` but for a first image above the first section,
 * PNG and JPEG as AVIF and WebP renditions in a `<picture>` (src/content/images.ts writes them) with the
 * original as the fallback, `#dark` / `#light` after the path for an image shown in one theme
 * only, and a zoom: the image is a button that opens it in a popover (keyboard and Escape work,
 * no script). Runs before the links plugin, which resolves every `src` against the page's file.
 * A missing file is left to the links check, which reports it at its line.
 */
export default function rehypeImages(options: ImageOptions) {
  return (tree: Root, file: VFile) => {
    const page = file.data.page!;
    const images: PageImage[] = [];
    let zooms = 0;
    let beforeSections = true;
    let first = true;
    const visit = (nodes: RootContent[] | ElementContent[], inLink: boolean) => {
      for (let i = 0; i < nodes.length; i++) {
        const node = nodes[i];
        if (node.type !== 'element') continue;
        if (node.tagName === 'h2') beforeSections = false;
        if (node.tagName !== 'img') {
          visit(node.children, inLink || node.tagName === 'a');
          continue;
        }
        const src = typeof node.properties.src === 'string' ? node.properties.src : '';
        const relative = staticFile(src, page.filesFrom ?? page.relativePath);
        if (relative === null) continue;
        let data: Buffer;
        try {
          data = readProjectFile(
            contentFile(options, relative),
            contentRules(contentFolderOf(options, relative), options.fileBytes),
            src,
          );
        } catch (error) {
          // A missing file is reported by the links check, with the line.
          if (error instanceof RefusedFile && error.reason !== 'missing')
            file.message(`cannot use the image ${src}: ${error.message}`, {
              place: node.position,
              ruleId: 'image',
            }).note = error.fix;
          continue;
        }
        let size: { width?: number; height?: number };
        try {
          size = imageSize(data);
        } catch {
          size = {};
        }
        if (!size.width || !size.height) {
          file.message(`cannot read the size of the image ${src}`, { place: node.position, ruleId: 'image' }).note =
            'use a PNG, JPEG, GIF, WebP, AVIF or SVG file (an SVG needs width and height, or a viewBox)';
          continue;
        }
        const image: PageImage = {
          file: relative,
          hash: imageHash(data),
          width: size.width,
          height: size.height,
          convert: CONVERTED.test(relative),
        };
        if (!images.some((seen) => seen.file === image.file)) images.push(image);
        const variant = /#(dark|light)$/.exec(src)?.[1];
        const eager = first && beforeSections;
        first = false;
        // A size the writer gave (`{width=300}`, src/markdown/image-attributes.ts) wins; the other side keeps the ratio.
        const givenWidth = Number(node.properties.width) || undefined;
        const givenHeight = Number(node.properties.height) || undefined;
        const img = el('img', {
          ...node.properties,
          src: src.replace(/#(dark|light)$/, ''),
          width: givenWidth ?? (givenHeight ? Math.round((image.width * givenHeight) / image.height) : image.width),
          height: givenHeight ?? (givenWidth ? Math.round((image.height * givenWidth) / image.width) : image.height),
          ...(eager ? {} : { loading: 'lazy', decoding: 'async' }),
        });
        const alt = typeof node.properties.alt === 'string' ? node.properties.alt : '';
        const shown = picture(image, img, SIZES, options.base);
        const zoom = alt && !inLink && !node.data?.inLink && image.width >= ZOOM_MIN_WIDTH;
        let replacement: Element = shown;
        if (zoom) {
          const id = `image-zoom-${++zooms}`;
          const large = picture(
            image,
            el('img', { ...img.properties, loading: 'lazy', decoding: 'async' }),
            '100vw',
            options.base,
          );
          replacement = el('span', { className: ['zoom'] }, [
            el(
              'button',
              { type: 'button', className: ['zoom-open'], popoverTarget: id, ariaLabel: `Enlarge image: ${alt}` },
              [shown],
            ),
            el('span', { id, popover: 'auto', className: ['zoom-view'], role: 'dialog', ariaLabel: alt }, [
              el(
                'button',
                {
                  type: 'button',
                  className: ['zoom-close'],
                  popoverTarget: id,
                  popoverTargetAction: 'hide',
                  ariaLabel: 'Close the enlarged image',
                },
                [large],
              ),
            ]),
          ]);
        }
        if (variant)
          replacement.properties.className = [
            ...((replacement.properties.className as string[] | undefined) ?? []),
            `only-${variant}`,
          ];
        replacement.position = node.position;
        nodes[i] = replacement;
      }
    };
    visit(tree.children, false);
    file.data.images = images;
    if (images.length) usesFeature(file, 'images');
  };
}

/** `<picture>` with the AVIF and WebP renditions of a raster image; any other image as it is. */
function picture(image: PageImage, img: Element, sizes: string, base: string): Element {
  if (!image.convert) return img;
  const widths = renditionWidths(image.width);
  const sources = IMAGE_FORMATS.map((format) =>
    el('source', {
      type: `image/${format}`,
      srcSet: widths.map((w) => `${encodeURI(withBase(base, `/${renditionPath(image, w, format)}`))} ${w}w`).join(', '),
      sizes,
    }),
  );
  return el('picture', {}, [...sources, img]);
}
