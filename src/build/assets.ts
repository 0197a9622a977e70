import path from 'node:path';
import * as esbuild from 'esbuild';
import { readFile } from 'node:fs/promises';
import type { ResolvedConfig } from '../config/schema.js';
import { redirectScriptFile } from '../model/redirects.js';
import { withBase } from '../shared/paths.js';
import { clientBundle } from './client-bundle.js';
import { loadedFile, packagePaths } from './package-paths.js';
import type { Feature, OutputFile } from '../model/page.js';
import { buildThemeAssets, type ThemeView } from '../theme/assets.js';
import { buildPluginAssets, type PluginAssets } from '../plugins/assets.js';
import { GENERATOR_ROOT } from '../generator-root.js';
import type { ExtraAssets } from '../render/index.js';

export const CLIENT_DIR = path.join(GENERATOR_ROOT, 'client');

/** `{ a: 1, b: { c: 2 } }` under `X` -> `{ 'X.a': '1', 'X.b.c': '2' }`. */
function leafDefines(prefix: string, value: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, v]) =>
      v !== null && typeof v === 'object'
        ? Object.entries(leafDefines(`${prefix}.${key}`, v))
        : [[`${prefix}.${key}`, JSON.stringify(v)]],
    ),
  );
}

export interface BuiltAssets {
  files: OutputFile[];
  /** URL of the entry script, the stylesheet and the redirect script. */
  js: string;
  css: string;
  redirectScript: string;
  /** URL of each feature's stylesheet (client/features/), linked only from the pages that use the feature. */
  features: Record<Feature, string>;
  /** URL of each script feature's module (client/features/<name>.ts), named only by the pages that use it. */
  featureScripts: Partial<Record<Feature, string>>;
  /** The project's stylesheet, logo and social icons (src/theme/assets.ts). */
  theme: ThemeView;
  /** The plugins' head tags, stylesheets and client modules (their files are among `files`). */
  plugins: PluginAssets;
  /** The home layout's stylesheet and, when the site turns feedback on, the feedback widget's files. */
  extra: ExtraAssets;
}

export const FEATURES: Feature[] = ['math', 'diagram', 'images', 'api'];
/**
 * Features with a script as well (client/features/<name>.ts): a module the pages that use the
 * feature name in their content, which the runtime imports (client/main.ts): the API reference's
 * try-it panel. Every other page loads none of its bytes.
 */
export const SCRIPT_FEATURES: Feature[] = ['api'];

/**
 * KaTeX's stylesheet names each font in three formats; every browser we support reads WOFF2, so
 * the other two are dropped (and never copied). `swap` shows a formula in a fallback font rather
 * than nothing while its font loads.
 */
const woff2Only: esbuild.Plugin = {
  name: 'katex-woff2-only',
  setup(build) {
    build.onLoad({ filter: /katex(\.min)?\.css$/ }, async (args) => ({
      loader: 'css',
      resolveDir: path.dirname(loadedFile(args)), // its fonts' URLs are relative to it
      contents: (await readFile(loadedFile(args), 'utf8'))
        .replace(/,url\([^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)/g, '')
        .replace(/font-display:block/g, 'font-display:swap'),
    }));
  },
};

/**
 * Bundles the browser runtime and the stylesheet with esbuild: minified, content-hashed, split so
 * that search and other on-demand code load only when used.
 */
export async function buildAssets(
  config: ResolvedConfig,
  options: { dev?: boolean; clientDir?: string } = {},
): Promise<BuiltAssets> {
  // `clientDir`: the dev server's tests bundle a copy of client/ so they can edit its styles.
  const clientDir = options.clientDir ?? CLIENT_DIR;
  const theme = buildThemeAssets(config);
  theme.catch(() => {}); // thrown below, once the bundle is done
  // esbuild's content hashes cover module paths relative to its working directory: the generator's own
  // folder, so that asset names do not change with the folder a build is started from.
  const files = await clientBundle(config, {
    clientDir,
    options: {
      entryPoints: {
        client: path.join(clientDir, 'main.ts'),
        style: path.join(clientDir, 'styles/index.css'),
        ...Object.fromEntries(FEATURES.map((f) => [f, path.join(clientDir, `features/${f}.css`)])),
        ...Object.fromEntries(SCRIPT_FEATURES.map((f) => [`${f}-feature`, path.join(clientDir, `features/${f}.ts`)])),
        // Entries of their own, linked only from the pages that show them: no other page carries their bytes.
        home: path.join(clientDir, 'features/home.css'),
        feedback: path.join(clientDir, 'feedback.ts'),
        'feedback-style': path.join(clientDir, 'features/feedback.css'),
      },
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
      outdir: 'assets',
      entryNames: '[name].[hash]',
      chunkNames: 'chunks/[name].[hash]',
      assetNames: '[name].[hash]',
      publicPath: withBase(config.base, 'assets'),
      write: false,
      metafile: true,
      legalComments: 'none',
      loader: { '.woff2': 'file' },
      logLevel: 'silent',
      // One scalar a constant: esbuild inlines scalars, but hoists an object define into a chunk of
      // its own once code splitting is on, which would cost every page an extra request.
      define: {
        ...leafDefines('__DOCS_RUNTIME__', config.runtime),
        __DOCS_DEV__: JSON.stringify(Boolean(options.dev)),
      },
    },
    // Before the package paths' own loading of KaTeX's stylesheet.
    plugins: [woff2Only, packagePaths],
  });
  const find = (re: RegExp) => {
    const file = files.find((f) => re.test(f.path));
    if (!file) throw new Error(`Internal error: esbuild produced no ${re}`);
    return withBase(config.base, file.path);
  };
  const extra: ExtraAssets = {
    home: find(/^assets\/home\.[^/]+\.css$/),
    ...(config.feedback
      ? { feedback: { js: find(/^assets\/feedback\.[^/]+\.js$/), css: find(/^assets\/feedback-style\.[^/]+\.css$/) } }
      : {}),
  };
  // A site without feedback does not publish its files.
  const published = config.feedback
    ? files
    : files.filter((f) => !/^assets\/feedback(-style)?\.[^/]+\.(js|css)$/.test(f.path));
  const redirectScript = redirectScriptFile();
  published.push(redirectScript);
  const features = Object.fromEntries(
    FEATURES.map((f) => [f, find(new RegExp(`^assets/${f}\\.[^/]+\\.css$`))]),
  ) as Record<Feature, string>;
  const featureScripts = Object.fromEntries(
    SCRIPT_FEATURES.map((f) => [f, find(new RegExp(`^assets/${f}-feature\\.[^/]+\\.js$`))]),
  ) as Partial<Record<Feature, string>>;
  const { files: themeFiles, view } = await theme;
  published.push(...themeFiles);
  const plugins = await buildPluginAssets(config);
  published.push(...plugins.files);
  return {
    plugins,
    files: published,
    extra,
    js: find(/^assets\/client\.[^/]+\.js$/),
    css: find(/^assets\/style\.[^/]+\.css$/),
    redirectScript: withBase(config.base, redirectScript.path),
    features,
    featureScripts,
    theme: view,
  };
}
