import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { imageSize } from 'image-size';
import { fileHash } from '../incremental/hash.js';
import type { ResolvedConfig } from '../config/schema.js';
import { BuildError, BuildFailure } from '../model/errors.js';
import type { LogoView, SocialLinkView } from '../render/parts.js';
import type { OutputFile } from '../model/page.js';
import { iconFile } from './config.js';

/** What the layout shows of the theme's files: URLs under the base, sizes, icons. */
export interface ThemeView {
  /** URL of the project's stylesheets, bundled into one file, linked after the site's own. */
  customCss?: string;
  logo?: LogoView;
  social: SocialLinkView[];
}

/** The theme's files (`assets/custom.<hash>.css`, `assets/logo.<hash>.svg`) and how the layout refers to them. */
export async function buildThemeAssets(config: ResolvedConfig): Promise<{ files: OutputFile[]; view: ThemeView }> {
  const { theme, base, root } = config;
  const files: OutputFile[] = [];
  const customCss = theme.customCss.length ? await bundleCustomCss(theme.customCss, root, base) : undefined;
  if (customCss) files.push(...customCss.files);
  const image = async (file: string) => {
    const contents = await readFile(file);
    const size = imageSize(contents);
    const ext = path.extname(file).toLowerCase();
    const out = { path: `assets/${path.basename(file, ext)}.${fileHash(contents)}${ext}`, contents };
    files.push(out);
    return { src: `${base}${out.path}`, width: size.width, height: size.height };
  };
  let logo: LogoView | undefined;
  if (theme.logo) {
    try {
      logo = {
        ...(await image(theme.logo.src)),
        dark: theme.logo.dark ? await image(theme.logo.dark) : undefined,
        alt: theme.logo.alt ?? config.title,
        replacesTitle: theme.logo.replacesTitle,
      };
    } catch (error) {
      throw new BuildFailure([
        new BuildError(
          `"logo": cannot read the image: ${(error as Error).message}`,
          { file: path.relative(root, config.configFile ?? root) || 'configuration' },
          'give an SVG, PNG, JPEG, WebP or GIF file',
        ),
      ]);
    }
  }
  const social = await Promise.all(
    theme.social.map(async (s) => {
      const svg = await readFile(iconFile(s.icon)!, 'utf8');
      const title = /<title>([^<]*)<\/title>/.exec(svg)?.[1] ?? s.icon;
      const d = /<path d="([^"]+)"/.exec(svg)?.[1] ?? '';
      return {
        href: s.link,
        label: s.label ?? title,
        icon: s.icon,
        svg: `<svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24"><path fill="currentColor" d="${d}"/></svg>`,
      };
    }),
  );
  return { files, view: { customCss: customCss?.url, logo, social } };
}

/**
 * The project's stylesheets as one file, in the order given: their `@import`s resolved (no request
 * chained before first paint) and the fonts and images they name copied under hashed names.
 */
async function bundleCustomCss(
  sources: string[],
  root: string,
  base: string,
): Promise<{ url: string; files: OutputFile[] }> {
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      stdin: {
        contents: sources.map((f) => `@import ${JSON.stringify(f)};`).join('\n'),
        loader: 'css',
        resolveDir: root,
        sourcefile: '<customCss>',
      },
      bundle: true,
      minify: true,
      outdir: 'assets',
      entryNames: 'custom.[hash]',
      assetNames: '[name].[hash]',
      publicPath: `${base}assets`,
      loader: {
        '.woff2': 'file',
        '.woff': 'file',
        '.png': 'file',
        '.jpg': 'file',
        '.svg': 'file',
        '.webp': 'file',
        '.gif': 'file',
      },
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
  } catch (error) {
    const errors = (error as { errors?: esbuild.Message[] }).errors ?? [
      { text: (error as Error).message } as esbuild.Message,
    ];
    throw new BuildFailure(
      errors.map(
        (e) =>
          new BuildError(
            `cannot bundle the custom CSS: ${e.text}`,
            {
              file: e.location?.file ?? 'customCss',
              line: e.location?.line,
              column: e.location ? e.location.column + 1 : undefined,
            },
            'fix the stylesheet named in "customCss"',
          ),
      ),
    );
  }
  const files = result.outputFiles.map((f) => ({ path: `assets/${path.basename(f.path)}`, contents: f.contents }));
  const css = files.find((f) => /^assets\/custom\.[^/]+\.css$/.test(f.path));
  if (!css) throw new Error('Internal error: esbuild produced no custom stylesheet');
  return { url: `${base}${css.path}`, files };
}
