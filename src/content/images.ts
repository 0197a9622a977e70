import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config/schema.js';
import { cachePath } from '../incremental/cache.js';
import { sha1 } from '../incremental/hash.js';
import { IMAGE_FORMATS, renditionPath, renditionWidths } from '../markdown/images.js';
import type { OutputFile, PageImage, PageRecord } from '../model/page.js';
import { BuildError, BuildFailure } from '../model/errors.js';
import { contentFile, contentFolderOf } from '../versions/paths.js';
import { contentRules, readProjectFile, RefusedFile } from './project-files.js';

/** Encoder settings: part of each rendition's cache key, so changing them converts again. */
const SETTINGS = { avif: { quality: 55, effort: 4 }, webp: { quality: 80 } } as const;
/** Images converted at once: sharp already spreads one image over libvips' threads. */
const PARALLEL = 2;

export interface RenderedImages {
  files: OutputFile[];
  /** Renditions encoded this time (the others came from the cache). */
  converted: number;
}

/**
 * The AVIF and WebP renditions of every PNG and JPEG the pages show (src/markdown/images.ts names
 * them). Each is kept in node_modules/.cache/docs/images under a key of the source's content hash,
 * the width, the format and the encoder settings, so an unchanged build converts nothing and an
 * image shown by several pages is converted once.
 */
export async function renderImages(config: ResolvedConfig, pages: PageRecord[]): Promise<RenderedImages> {
  const images = new Map<string, PageImage>();
  // By rendition name (the file's stem and content hash): the same PNG in two versions or two
  // folders is converted and written once.
  for (const page of pages)
    for (const image of page.images ?? []) if (image.convert) images.set(renditionPath(image, 0, ''), image);
  const files: OutputFile[] = [];
  let converted = 0;
  const queue = [...images.values()];
  const work = async () => {
    for (let image = queue.shift(); image; image = queue.shift()) {
      const made = await renditionsOf(config, image);
      files.push(...made.files);
      converted += made.converted;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, work));
  return { files: files.sort((a, b) => a.path.localeCompare(b.path)), converted };
}

/** The image's file, read as src/content/project-files.ts allows (the page's render checked it; it may have changed since). */
function readImage(config: ResolvedConfig, file: string): Buffer {
  try {
    return readProjectFile(
      contentFile(config, file),
      contentRules(contentFolderOf(config, file), config.limits.fileBytes),
      file,
    );
  } catch (error) {
    if (error instanceof RefusedFile) throw new BuildFailure([new BuildError(error.message, { file }, error.fix)]);
    throw error;
  }
}

async function renditionsOf(config: ResolvedConfig, image: PageImage): Promise<RenderedImages> {
  const files: OutputFile[] = [];
  let converted = 0;
  let source: Buffer | undefined;
  for (const width of renditionWidths(image.width)) {
    for (const format of IMAGE_FORMATS) {
      const cached = cachePath(
        config,
        `images/${sha1(image.hash, String(width), format, JSON.stringify(SETTINGS[format]))}.${format}`,
      );
      let contents: Uint8Array | undefined = await readFile(cached).catch(() => undefined);
      if (!contents) {
        source ??= readImage(config, image.file);
        contents = await encode(source, width, format).catch((error: unknown) => {
          throw unreadableImage(config, image, error);
        });
        await mkdir(path.dirname(cached), { recursive: true });
        // Written aside and renamed: a build in another process may read the same entry.
        await writeFile(`${cached}.${process.pid}.tmp`, contents);
        await rename(`${cached}.${process.pid}.tmp`, cached);
        converted++;
      }
      files.push({ path: renditionPath(image, width, format), contents });
    }
  }
  return { files, converted };
}

/**
 * Pixels an image may have before it is decoded: sharp's own default (about 16384 x 16384), named
 * here so the message can say it. A header may claim any size; the decoder would need its bytes.
 */
const MAX_PIXELS = 268_402_689;

/** An image sharp cannot decode (damaged, or a header that claims too many pixels): the image's fault, not the build's. */
function unreadableImage(config: ResolvedConfig, image: PageImage, error: unknown): BuildFailure {
  const reason = (error as Error).message.split('\n')[0];
  const tooLarge = /pixel limit/i.test(reason);
  return new BuildFailure([
    new BuildError(
      tooLarge
        ? `the image is larger than ${MAX_PIXELS.toLocaleString('en-US')} pixels (about 16384 x 16384), the most it may have`
        : `cannot decode the image: ${reason}`,
      { file: path.relative(config.root, path.join(config.contentDir, image.file)) },
      tooLarge
        ? 'scale the image down (a page shows it at most 2x its display width), or check that it is not damaged'
        : 'the file is damaged or not the format its name says: export it again from the original',
      { cause: error },
    ),
  ]);
}

/** sharp loads (with libvips) only when an image must be encoded. */
async function encode(source: Buffer, width: number, format: (typeof IMAGE_FORMATS)[number]): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp');
  const resized = sharp(source, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width, withoutEnlargement: true });
  return format === 'avif' ? resized.avif(SETTINGS.avif).toBuffer() : resized.webp(SETTINGS.webp).toBuffer();
}
