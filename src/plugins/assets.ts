import path from 'node:path';
import * as esbuild from 'esbuild';
import { fileHash } from '../incremental/hash.js';
import type { ResolvedConfig } from '../config/schema.js';
import { BuildError, BuildFailure } from '../model/errors.js';
import { escapeHtml } from '../render/head.js';
import type { OutputFile, PageOutline } from '../model/page.js';
import { callHook, configFileName, hookFailure, hasHook, hookMs } from './index.js';
import type { ClientModule, HeadTag, Plugin } from './types.js';

/** What the plugins add to every page and to the assets: nothing at all when no plugin has these hooks. */
export interface PluginAssets {
  files: OutputFile[];
  /** HTML at the end of every page's head: the plugins' tags and stylesheets ('' for none). */
  head: string;
  /** Each client module's URL and the pages that load it. */
  modules: { url: string; pages?: (page: PageOutline) => boolean }[];
}

/** The plugins' head tags, stylesheets and client modules, bundled and named by their content hash. */
export async function buildPluginAssets(config: ResolvedConfig): Promise<PluginAssets> {
  if (!hasHook(config, 'head') && !hasHook(config, 'css') && !hasHook(config, 'clientModules'))
    return { files: [], head: '', modules: [] };
  const file = configFileName(config);
  const files: OutputFile[] = [];
  const head: string[] = [];
  const entries: { plugin: Plugin; module: ClientModule }[] = [];
  for (const plugin of config.plugins) {
    const context = { config };
    for (const tag of listFrom(plugin, 'head', file, () => plugin.head?.(context), hookMs(config)))
      head.push(renderTag(tag, plugin, file));
    for (const css of listFrom(plugin, 'css', file, () => plugin.css?.(context), hookMs(config))) {
      if (typeof css !== 'string')
        throw hookFailure(plugin.name, 'css', new Error('a stylesheet must be CSS text (a string)'), file);
      const asset = { path: `assets/plugins/${slug(plugin.name)}.${fileHash(css)}.css`, contents: css };
      files.push(asset);
      head.push(`<link rel="stylesheet" href="${escapeHtml(config.base + asset.path)}">`);
    }
    for (const module of listFrom(plugin, 'clientModules', file, () => plugin.clientModules?.(context), hookMs(config)))
      entries.push({ plugin, module });
  }
  // The pages that load a module name it in their content; the runtime imports it (client/main.ts): no loader on every page.
  const modules = entries.length ? await bundleModules(config, entries, files) : [];
  return { files, head: head.join('\n'), modules };
}

/** The inline scripts of the plugins' head tags: each gets its hash into the Content-Security-Policy. */
export function inlineScripts(
  config: Pick<ResolvedConfig, 'root' | 'configFile' | 'plugins'> & { limits?: { hookMs?: number } },
): string[] {
  const file = configFileName(config);
  return config.plugins.flatMap((plugin) =>
    listFrom(plugin, 'head', file, () => plugin.head?.({ config: config as ResolvedConfig }), hookMs(config))
      .filter((t) => t.tag === 'script' && typeof t.content === 'string')
      .map((t) => t.content!),
  );
}

/** Each page's client modules, by route (only pages that load one). */
export function pageModules(assets: Pick<PluginAssets, 'modules'>, pages: PageOutline[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!assets.modules.length) return out;
  for (const page of pages) {
    const urls = assets.modules.filter((m) => !m.pages || m.pages(page)).map((m) => m.url);
    if (urls.length) out[page.regularPath] = urls;
  }
  return out;
}

function listFrom<T>(
  plugin: Plugin,
  hook: 'head' | 'css' | 'clientModules',
  file: string,
  run: () => T[] | undefined,
  ms: number,
): T[] {
  const result = callHook(plugin, hook, file, run, ms);
  if (result === undefined) return [];
  if (!Array.isArray(result))
    throw hookFailure(plugin.name, hook, new Error(`it returned ${typeof result}, not a list`), file);
  return result;
}

const TAGS = new Set(['meta', 'link', 'script']);

function renderTag(tag: HeadTag, plugin: Plugin, file: string): string {
  const refuse = (why: string) => hookFailure(plugin.name, 'head', new Error(why), file);
  if (!tag || !TAGS.has(tag.tag))
    throw refuse(
      `a head tag must be meta, link or script, not ${JSON.stringify(tag?.tag)} (stylesheets come from the \`css\` hook)`,
    );
  if (tag.content !== undefined && tag.tag !== 'script') throw refuse(`a <${tag.tag}> tag has no content`);
  if (tag.content?.toLowerCase().includes('</script')) throw refuse('an inline script may not contain "</script"');
  const attributes = Object.entries(tag.attrs ?? {})
    .map(([name, value]) => {
      if (!/^[a-z][a-z0-9:_-]*$/i.test(name)) throw refuse(`"${name}" is not an attribute name`);
      return value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`;
    })
    .join('');
  return tag.tag === 'script' ? `<script${attributes}>${tag.content ?? ''}</script>` : `<${tag.tag}${attributes}>`;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'plugin';

/** The client modules as one esbuild run (shared code split into chunks), minified and content-hashed. */
async function bundleModules(
  config: ResolvedConfig,
  entries: { plugin: Plugin; module: ClientModule }[],
  files: OutputFile[],
): Promise<PluginAssets['modules']> {
  const file = configFileName(config);
  const points: Record<string, string> = {};
  entries.forEach(({ plugin, module }, i) => {
    if (typeof module?.entry !== 'string')
      throw hookFailure(plugin.name, 'clientModules', new Error('a client module needs an `entry` file'), file);
    points[`${slug(plugin.name)}-${i}`] = path.resolve(config.root, module.entry);
  });
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      entryPoints: points,
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      target: ['es2020'],
      outdir: 'assets/plugins',
      entryNames: '[name].[hash]',
      chunkNames: 'chunks/[name].[hash]',
      write: false,
      metafile: true,
      legalComments: 'none',
      logLevel: 'silent',
    });
  } catch (error) {
    const errors = (error as { errors?: esbuild.Message[] }).errors ?? [];
    throw new BuildFailure(
      errors.length
        ? errors.map(
            (e) =>
              new BuildError(
                `cannot bundle a plugin's client module: ${e.text}`,
                e.location
                  ? {
                      file: path.relative(config.root, path.resolve(e.location.file)),
                      line: e.location.line,
                      column: e.location.column + 1,
                    }
                  : { file },
                'fix the module (or the `entry` path its plugin gives)',
              ),
          )
        : [new BuildError(`cannot bundle the plugins' client modules: ${(error as Error).message}`, { file })],
    );
  }
  const outputs = result.outputFiles.map((f) => ({
    path: path
      .relative(process.cwd(), f.path)
      .split(path.sep)
      .join('/')
      .replace(/^.*?assets\/plugins\//, 'assets/plugins/'),
    contents: f.contents,
  }));
  files.push(...outputs);
  return entries.map(({ module }, i) => {
    const name = `${slug(entries[i].plugin.name)}-${i}.`;
    const out = outputs.find((f) => f.path.startsWith(`assets/plugins/${name}`) && f.path.endsWith('.js'))!;
    return { url: config.base + out.path, pages: module.pages };
  });
}
