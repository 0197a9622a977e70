import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import matter from 'gray-matter';
import YAML from 'yaml';
import { Problems, UsageError } from '../model/errors.js';
import { fileToRoute } from '../shared/paths.js';
import { slugRoute } from '../content/slugs.js';
import type { Frontmatter } from '../content/frontmatter.js';
import { PAGE_FILE } from '../content/listing.js';
import { fencedLines } from '../markdown/fences.js';

/**
 * `docs migrate <folder> --from vitepress|docusaurus|starlight`: what a peer keeps outside its pages, in our terms.
 * Pages in the peers' dialects build as they are (src/markdown, src/content/frontmatter.ts); this converts the rest:
 * the peer's configuration (title, description, base, the pages' folder, navigation links, social links) and its
 * sidebar files into a `docs.config.ts`, and the components it can name in pages (VitePress's `<Badge>`). What it
 * cannot convert (a Vue or Astro component of the project, a sidebar entry of raw HTML, a dropdown menu) is listed
 * with its file and line, and left out so the site builds.
 */

export const PEERS = ['vitepress', 'docusaurus', 'starlight'] as const;
export type Peer = (typeof PEERS)[number];

/** Something not converted, where it was written. */
export interface MigrateNote {
  file: string;
  line?: number;
  message: string;
}

export interface MigrateResult {
  /** The configuration written, relative to the folder. */
  configFile: string;
  /** What was converted, one line each. */
  converted: string[];
  /** What was not, with its place. */
  notes: MigrateNote[];
}

type SidebarItem = string | { text: string; link: string; badge?: unknown } | SidebarGroup;
interface SidebarGroup {
  text: string;
  items: SidebarItem[];
  collapsed?: boolean;
  badge?: unknown;
}

interface Draft {
  title?: string;
  description?: string;
  base?: string;
  contentDir: string;
  sidebar?: SidebarItem[] | Record<string, SidebarItem[]>;
  topNav?: { text: string; link: string }[];
  social?: { icon: string; link: string; label?: string }[];
}

const CONFIG_NAMES: Record<Peer, string[]> = {
  vitepress: ['config.mts', 'config.ts', 'config.mjs', 'config.js'],
  docusaurus: ['docusaurus.config.ts', 'docusaurus.config.mjs', 'docusaurus.config.js'],
  starlight: ['astro.config.mjs', 'astro.config.ts', 'astro.config.mts', 'astro.config.js'],
};

export async function migrate(root: string, from: Peer): Promise<MigrateResult> {
  if (!PEERS.includes(from)) throw new UsageError(`--from must be one of ${PEERS.join(', ')}, not "${from}"`);
  if (!existsSync(root)) throw new UsageError(`no folder ${root}`);
  const notes: MigrateNote[] = [];
  const converted: string[] = [];
  const draft =
    from === 'vitepress'
      ? await fromVitePress(root, notes, converted)
      : from === 'docusaurus'
        ? await fromDocusaurus(root, notes, converted)
        : await fromStarlight(root, notes, converted);
  convertPages(root, draft.contentDir, from, notes, converted);
  const configFile = 'docs.config.ts';
  if (existsSync(path.join(root, configFile)))
    throw new UsageError(`${path.join(root, configFile)} exists already: move it away to migrate again`);
  writeFileSync(path.join(root, configFile), configText(draft, from));
  converted.unshift(`${configFile}: written from the ${from} configuration`);
  return { configFile, converted, notes };
}

/** The migration as the command prints it: what was converted, then what was not, each with its place. */
export function formatMigration(result: MigrateResult): string {
  const lines = result.converted.map((c) => `converted  ${c}`);
  for (const n of result.notes) lines.push(`not converted  ${n.file}${n.line ? `:${n.line}` : ''}: ${n.message}`);
  lines.push(
    result.notes.length
      ? `\n${result.notes.length} thing${result.notes.length === 1 ? '' : 's'} not converted: see above. Then run \`docs build\`.`
      : '\nEverything was converted. Run `docs build`.',
  );
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------- the peers' configuration files

/**
 * Runs a peer's configuration file as the peer would, with the peer's own packages (not installed here) standing in:
 * `defineConfig` gives back what it is given, `starlight(options)` its options, anything else an inert value.
 */
async function loadPeerModule(file: string): Promise<Record<string, unknown>> {
  const result = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    logLevel: 'silent',
    plugins: [
      {
        name: 'peer-packages',
        setup(build) {
          build.onResolve({ filter: /^[^./]|^\.\.?\/.*\.(vue|astro|css)$/ }, (args) => {
            if (args.path.startsWith('node:') || BUILTIN_MODULES.has(args.path)) return { external: true };
            return { path: args.path, namespace: 'peer' };
          });
          build.onLoad({ filter: /.*/, namespace: 'peer' }, (args) => ({ contents: stubOf(args.path), loader: 'js' }));
        },
      },
    ],
  });
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', result.outputFiles[0].text)(module, module.exports, createRequire(file));
  const exported = module.exports as { default?: unknown };
  return (exported.default ?? exported) as Record<string, unknown>;
}

const BUILTIN_MODULES = new Set(['path', 'fs', 'url', 'os', 'module', 'process']);

function stubOf(specifier: string): string {
  if (specifier === 'vitepress' || specifier === 'astro/config')
    return 'exports.defineConfig = (c) => c; exports.default = {};';
  if (specifier === '@astrojs/starlight')
    return "module.exports = (options) => ({ name: '@astrojs/starlight', options });";
  // Any other package: every property of it, called or not, is itself. esbuild's interop copies a module's own
  // properties and keeps its prototype, so the stand-in is an object whose prototype answers every name.
  return 'const inert = new Proxy(function () { return inert; }, { get: (_, k) => (k === "__esModule" || k === "then" ? undefined : k === Symbol.toPrimitive ? () => "" : inert) }); module.exports = Object.create(inert);';
}

function findFile(dir: string, names: string[]): string | undefined {
  return names.map((n) => path.join(dir, n)).find((f) => existsSync(f));
}

function requireFile(dir: string, names: string[], peer: string): string {
  const file = findFile(dir, names);
  if (!file) throw new UsageError(`no ${peer} configuration in ${dir} (looked for ${names.join(', ')})`);
  return file;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
const rel = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

/** A base path as ours: starts and ends with "/". */
function basePath(...parts: (string | undefined)[]): string {
  const joined = parts.filter(Boolean).join('/').split('/').filter(Boolean).join('/');
  return joined ? `/${joined}/` : '/';
}

/** A peer's link to a page ("/guide/intro", "guide/intro.md", "/guide/") as our route; external links as they are. */
function routeOf(link: string): string {
  if (/^[a-z]+:/i.test(link) || link.startsWith('//')) return link;
  const [pathPart, hash] = link.split('#');
  let p = pathPart.replace(/\.(md|mdx|html)$/, '').replace(/(^|\/)index$/, '$1');
  if (!p.startsWith('/')) p = `/${p}`;
  if (!p.endsWith('/')) p += '/';
  return hash ? `${p}#${hash}` : p;
}

/** The line of the first occurrence of `text` in a file, for notes. */
function lineOf(file: string, text: string): number | undefined {
  const source = readFileSync(file, 'utf8');
  const at = source.indexOf(text);
  return at < 0 ? undefined : source.slice(0, at).split('\n').length;
}

// ---------------------------------------------------------------- VitePress

async function fromVitePress(root: string, notes: MigrateNote[], converted: string[]): Promise<Draft> {
  const dirs = [path.join(root, 'docs', '.vitepress'), path.join(root, '.vitepress')];
  const configDir = dirs.find((d) => findFile(d, CONFIG_NAMES.vitepress));
  if (!configDir)
    throw new UsageError(`no VitePress configuration in ${root} (looked in docs/.vitepress/ and .vitepress/)`);
  const file = requireFile(configDir, CONFIG_NAMES.vitepress, 'VitePress');
  const config = await loadPeerModule(file);
  const where = rel(root, file);
  const theme = (config.themeConfig ?? {}) as Record<string, unknown>;
  const contentDir = rel(root, path.resolve(path.dirname(configDir), str(config.srcDir) ?? '.')) || '.';
  const draft: Draft = {
    title: str(config.title),
    description: str(config.description),
    base: basePath(str(config.base)),
    contentDir,
  };
  const group = (item: Record<string, unknown>, at: string): SidebarItem | null => {
    const text = str(item.text) ?? '';
    if (Array.isArray(item.items)) {
      const items = item.items
        .map((inner: Record<string, unknown>) => group(inner, at))
        .filter((i): i is SidebarItem => i !== null);
      if (str(item.link)) items.unshift({ text, link: routeOf(String(item.link)) });
      return items.length ? { text, items, collapsed: item.collapsed === true } : null;
    }
    if (str(item.link)) return { text, link: routeOf(String(item.link)) };
    notes.push({
      file: where,
      line: lineOf(file, text),
      message: `sidebar entry "${text}" has neither a link nor items`,
    });
    return null;
  };
  const convert = (items: unknown) =>
    (Array.isArray(items) ? items : [])
      .map((i: Record<string, unknown>) => group(i, where))
      .filter((i): i is SidebarItem => i !== null);
  if (Array.isArray(theme.sidebar)) draft.sidebar = convert(theme.sidebar);
  else if (theme.sidebar && typeof theme.sidebar === 'object')
    draft.sidebar = Object.fromEntries(
      Object.entries(theme.sidebar).map(([prefix, items]) => [
        basePath(prefix),
        convert(Array.isArray(items) ? items : (items as { items?: unknown }).items),
      ]),
    );
  if (draft.sidebar) converted.push(`${where}: themeConfig.sidebar as \`sidebar\``);
  draft.topNav = navLinks(theme.nav, file, where, notes, (i) => [str(i.text), str(i.link)]);
  if (draft.topNav.length) converted.push(`${where}: themeConfig.nav as \`topNav\``);
  draft.social = socialLinks(theme.socialLinks, (s) => [str(s.icon), str(s.link)], file, where, notes);
  return draft;
}

function navLinks(
  nav: unknown,
  file: string,
  where: string,
  notes: MigrateNote[],
  read: (item: Record<string, unknown>) => [string | undefined, string | undefined],
  base = '/',
): { text: string; link: string }[] {
  const out: { text: string; link: string }[] = [];
  for (const item of Array.isArray(nav) ? (nav as Record<string, unknown>[]) : []) {
    const [text, link] = read(item);
    if (text && link) {
      const inside = link.startsWith(base) ? `/${link.slice(base.length)}` : link;
      out.push({ text, link: routeOf(inside) });
    } else
      notes.push({
        file: where,
        line: text ? lineOf(file, text) : undefined,
        message: `navigation item${text ? ` "${text}"` : ''} is a menu or has no link: add it to \`topNav\` by hand`,
      });
  }
  return out;
}

function socialLinks(
  links: unknown,
  read: (item: Record<string, unknown>) => [string | undefined, string | undefined],
  file: string,
  where: string,
  notes: MigrateNote[],
): { icon: string; link: string }[] | undefined {
  const out: { icon: string; link: string }[] = [];
  const entries = Array.isArray(links)
    ? (links as Record<string, unknown>[])
    : links && typeof links === 'object'
      ? Object.entries(links).map(([icon, link]) => ({ icon, href: link, link }))
      : [];
  for (const item of entries) {
    const [icon, link] = read(item);
    if (icon && link && /^[a-z0-9]+$/.test(icon)) out.push({ icon, link });
    else
      notes.push({
        file: where,
        line: icon ? lineOf(file, icon) : undefined,
        message: `social link ${icon ?? ''} not converted`,
      });
  }
  return out.length ? out : undefined;
}

// ---------------------------------------------------------------- Docusaurus

interface DocInfo {
  id: string;
  route: string;
  label?: string;
  position?: number;
  relativePath: string;
}

async function fromDocusaurus(root: string, notes: MigrateNote[], converted: string[]): Promise<Draft> {
  const file = requireFile(root, CONFIG_NAMES.docusaurus, 'Docusaurus');
  const where = rel(root, file);
  const config = await loadPeerModule(file);
  const presets = (Array.isArray(config.presets) ? config.presets : []) as unknown[];
  const classic = presets
    .map((p) => (Array.isArray(p) ? p : [p, {}]))
    .find(([name]) => typeof name === 'string' && /classic/.test(name));
  const docs = ((classic?.[1] as { docs?: Record<string, unknown> } | undefined)?.docs ?? {}) as Record<
    string,
    unknown
  >;
  const contentDir = str(docs.path) ?? 'docs';
  const routeBase = str(docs.routeBasePath) ?? 'docs';
  const draft: Draft = {
    title: str(config.title),
    description: str(config.tagline),
    base: basePath(str(config.baseUrl), routeBase),
    contentDir,
  };
  const byId = docIds(path.join(root, contentDir));
  const sidebarFile = str(docs.sidebarPath);
  if (sidebarFile) {
    const sidebarPath = path.resolve(root, sidebarFile);
    const sidebars = await loadPeerModule(sidebarPath);
    const swhere = rel(root, sidebarPath);
    const [name, items] = Object.entries(sidebars)[0] ?? [];
    if (Object.keys(sidebars).length > 1)
      notes.push({
        file: swhere,
        message: `only the first sidebar ("${name}") is converted; the others: ${Object.keys(sidebars).slice(1).join(', ')}`,
      });
    const auto = Array.isArray(items) && items.length === 1 && (items[0] as { type?: string }).type === 'autogenerated';
    if (Array.isArray(items) && !auto) {
      draft.sidebar = docusaurusItems(items, byId, path.join(root, contentDir), sidebarPath, swhere, notes);
      converted.push(`${swhere}: sidebar "${name}" as \`sidebar\``);
    } else
      converted.push(`${swhere}: an autogenerated sidebar, made from the folders here too (with _category_ files)`);
  }
  const theme = (config.themeConfig ?? {}) as { navbar?: { items?: unknown } };
  const base = basePath(str(config.baseUrl), routeBase);
  draft.topNav = navLinks(
    (Array.isArray(theme.navbar?.items) ? theme.navbar.items : []).filter(
      (i: { type?: string }) => i.type !== 'docSidebar' && i.type !== 'search',
    ),
    file,
    where,
    notes,
    (i) => [str(i.label), str(i.to) ?? str(i.href)],
    base,
  );
  if (draft.topNav.length) converted.push(`${where}: themeConfig.navbar.items as \`topNav\``);
  return draft;
}

/** Every page of a Docusaurus docs folder by its id ("guides/install"): its folder and its frontmatter `id` or file name. */
function docIds(dir: string): Map<string, DocInfo> {
  const out = new Map<string, DocInfo>();
  for (const relativePath of pageFiles(dir)) {
    const data = matter(readFileSync(path.join(dir, relativePath), 'utf8')).data as Record<string, unknown>;
    if (data.draft === true) continue; // not built
    const folder = path.posix.dirname(relativePath);
    const name = str(data.id) ?? path.posix.basename(relativePath).replace(PAGE_FILE, '');
    const id = folder === '.' ? name : `${folder}/${name}`;
    out.set(id, {
      id,
      relativePath,
      // The page's `slug` is applied by the build (src/content/slugs.ts): its sidebar entry is that address. A slug
      // the build refuses is reported by the build, at its file; here the page keeps its file's address.
      route:
        slugRoute({ relativePath, frontmatter: data as Frontmatter }, undefined, new Problems()) ??
        fileToRoute(relativePath),
      label: str(data.sidebar_label) ?? str(data.title),
      position: typeof data.sidebar_position === 'number' ? data.sidebar_position : undefined,
    });
  }
  return out;
}

function pageFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('_') && !e.name.startsWith('.'))
    .flatMap((e) =>
      e.isDirectory()
        ? pageFiles(path.join(dir, e.name), `${prefix}${e.name}/`)
        : PAGE_FILE.test(e.name)
          ? [`${prefix}${e.name}`]
          : [],
    )
    .sort();
}

function docusaurusItems(
  items: unknown[],
  byId: Map<string, DocInfo>,
  docsDir: string,
  file: string,
  where: string,
  notes: MigrateNote[],
): SidebarItem[] {
  const out: SidebarItem[] = [];
  for (const raw of items) {
    const item = (typeof raw === 'string' ? { type: 'doc', id: raw } : raw) as Record<string, unknown>;
    const type = str(item.type) ?? (item.items ? 'category' : 'doc');
    if (type === 'doc' || type === 'ref') {
      const doc = byId.get(String(item.id));
      if (!doc)
        notes.push({ file: where, line: lineOf(file, String(item.id)), message: `no page with the id "${item.id}"` });
      else out.push(str(item.label) ? { text: String(item.label), link: doc.route } : doc.route);
    } else if (type === 'category') {
      const inner = docusaurusItems((item.items as unknown[]) ?? [], byId, docsDir, file, where, notes);
      if (inner.length)
        out.push({
          text: str(item.label) ?? 'Pages',
          items: inner,
          collapsed: item.collapsible === false ? false : item.collapsed !== false,
        });
    } else if (type === 'link') {
      out.push({ text: str(item.label) ?? String(item.href), link: String(item.href) });
    } else if (type === 'autogenerated') {
      const dir = String(item.dirName ?? '.');
      const docs = [...byId.values()]
        .filter((d) => dir === '.' || d.relativePath.startsWith(`${dir}/`))
        .sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.id.localeCompare(b.id));
      const label = categoryLabel(path.join(docsDir, dir)) ?? dir;
      if (docs.length) out.push({ text: label, items: docs.map((d) => d.route), collapsed: false });
    } else
      notes.push({
        file: where,
        line: lineOf(file, String(item.value ?? item.type)),
        message: `sidebar item of type "${type}" has no counterpart: add it by hand`,
      });
  }
  return out;
}

function categoryLabel(dir: string): string | undefined {
  for (const name of ['_category_.json', '_category_.yml', '_category_.yaml']) {
    const file = path.join(dir, name);
    if (existsSync(file)) return str((YAML.parse(readFileSync(file, 'utf8')) as { label?: unknown } | null)?.label);
  }
  return undefined;
}

// ---------------------------------------------------------------- Starlight

async function fromStarlight(root: string, notes: MigrateNote[], converted: string[]): Promise<Draft> {
  const file = requireFile(root, CONFIG_NAMES.starlight, 'Astro');
  const where = rel(root, file);
  const config = await loadPeerModule(file);
  const integration = ((config.integrations ?? []) as { name?: string; options?: Record<string, unknown> }[]).find(
    (i) => i?.name === '@astrojs/starlight',
  );
  if (!integration?.options)
    throw new UsageError(`${where} does not use the Starlight integration (\`integrations: [starlight({...})]\`)`);
  const options = integration.options;
  const contentDir = 'src/content/docs';
  const title = typeof options.title === 'string' ? options.title : str(Object.values(options.title ?? {})[0]);
  const draft: Draft = {
    title,
    description: str(options.description),
    base: basePath(str(config.base)),
    contentDir,
  };
  const dir = path.join(root, contentDir);
  const item = (raw: unknown): SidebarItem | null => {
    if (typeof raw === 'string') return routeOf(raw);
    const entry = raw as Record<string, unknown>;
    const text = str(entry.label) ?? '';
    const badge = entry.badge;
    if (str(entry.link)) return { text, link: routeOf(String(entry.link)), ...(badge ? { badge } : {}) };
    if (str(entry.slug)) return text ? { text, link: routeOf(String(entry.slug)) } : routeOf(String(entry.slug));
    if (Array.isArray(entry.items)) {
      const items = entry.items.map(item).filter((i): i is SidebarItem => i !== null);
      return { text, items, collapsed: entry.collapsed === true };
    }
    const auto = (entry.autogenerate as { directory?: string } | undefined)?.directory;
    if (auto) {
      const pages = pageFiles(path.join(dir, auto))
        .map((f) => {
          const data = matter(readFileSync(path.join(dir, auto, f), 'utf8')).data as {
            title?: string;
            sidebar?: { order?: number; hidden?: boolean };
          };
          return {
            route: fileToRoute(`${auto}/${f}`),
            order: data.sidebar?.order ?? Infinity,
            title: data.title ?? f,
            hidden: data.sidebar?.hidden,
          };
        })
        .filter((p) => !p.hidden)
        .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
      return { text, items: pages.map((p) => p.route), collapsed: entry.collapsed === true };
    }
    notes.push({
      file: where,
      line: text ? lineOf(file, text) : undefined,
      message: `sidebar entry "${text}" not converted`,
    });
    return null;
  };
  if (Array.isArray(options.sidebar)) {
    draft.sidebar = options.sidebar.map(item).filter((i): i is SidebarItem => i !== null);
    converted.push(`${where}: starlight({ sidebar }) as \`sidebar\``);
  }
  draft.social = socialLinks(options.social, (s) => [str(s.icon), str(s.href) ?? str(s.link)], file, where, notes);
  return draft;
}

// ---------------------------------------------------------------- pages

/** VitePress's built-in `<Badge type text>` as our badge's HTML. */
const VUE_BADGE = /<Badge\s+([^>]*?)\/?>(?:<\/Badge>)?/g;

/**
 * What pages hold that only the peer's framework can run: VitePress's `<Badge>` becomes ours; a `<script setup>`
 * block and the Vue components it imports, and `.astro` or `.vue` components imported in MDX, are left out and named.
 */
function convertPages(root: string, contentDir: string, from: Peer, notes: MigrateNote[], converted: string[]): void {
  const dir = path.join(root, contentDir);
  for (const relativePath of pageFiles(dir)) {
    const file = path.join(dir, relativePath);
    const where = rel(root, file);
    const original = readFileSync(file, 'utf8');
    const lines = original.split('\n');
    const components = new Set<string>();
    const fenced = fencedLines(lines);
    let script = false;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (fenced[i]) continue;
      if (from === 'vitepress' && /^\s*<script\b[^>]*>\s*$/.test(line)) script = true;
      if (script) {
        const imported = /^\s*import\s+(\w+)\s+from\s+['"]([^'"]+)['"]/.exec(line);
        if (imported) {
          components.add(imported[1]);
          notes.push({
            file: where,
            line: i + 1,
            message: `Vue component ${imported[1]} (${imported[2]}) cannot be converted: left out`,
          });
        } else if (!/<\/?script\b/.test(line) && line.trim())
          notes.push({ file: where, line: i + 1, message: 'Vue script code left out' });
        if (/<\/script>/.test(line)) script = false;
        lines[i] = '';
        continue;
      }
      const astro = /^import\s+(\w+)\s+from\s+['"]([^'"]+\.(astro|vue))['"];?\s*$/.exec(line);
      if (astro) {
        components.add(astro[1]);
        notes.push({
          file: where,
          line: i + 1,
          message: `${astro[3] === 'astro' ? 'Astro' : 'Vue'} component ${astro[1]} (${astro[2]}) cannot be converted: left out`,
        });
        lines[i] = '';
        continue;
      }
      if (from === 'vitepress' && line.includes('<Badge')) {
        lines[i] = line.replace(VUE_BADGE, (_whole, attributes: string) => {
          const attr = (name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1];
          const type = attr('type') ?? 'tip';
          return `<span class="badge badge-${type === 'info' ? 'info' : type}">${attr('text') ?? ''}</span>`;
        });
        if (lines[i] !== line) converted.push(`${where}:${i + 1}: <Badge> as a badge`);
      }
      for (const name of components) {
        const use = new RegExp(`<${name}\\b[^>]*?(/>|>[\\s\\S]*?</${name}>)`);
        if (use.test(lines[i])) {
          notes.push({ file: where, line: i + 1, message: `<${name}> left out (its component was not converted)` });
          lines[i] = lines[i].replace(
            use,
            relativePath.endsWith('.mdx') ? `{/* ${name}: not converted */}` : `<!-- ${name}: not converted -->`,
          );
        }
      }
    }
    const text = lines.join('\n');
    if (text !== original) writeFileSync(file, text);
  }
}

// ---------------------------------------------------------------- docs.config.ts

function configText(draft: Draft, from: Peer): string {
  const config: Record<string, unknown> = {};
  if (draft.title) config.title = draft.title;
  if (draft.description) config.description = draft.description;
  config.base = draft.base ?? '/';
  config.contentDir = draft.contentDir;
  if (draft.sidebar) config.sidebar = draft.sidebar;
  if (draft.topNav?.length) config.topNav = draft.topNav;
  if (draft.social) config.social = draft.social;
  return `// Written by \`docs migrate --from ${from}\`: the ${from} configuration in this generator's terms (see the guide's
// "Peers' dialects" page). The pages build as they are; \`strict: true\` would hold them to this generator's own rules.
export default ${JSON.stringify(config, null, 2)};
`;
}
