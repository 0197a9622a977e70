import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';
import type { BadgeConfig, ResolvedConfig, SidebarItemConfig } from '../config/schema.js';
import { badgeSchema } from '../content/frontmatter.js';
import type { TakenStamps } from '../incremental/taken-stamps.js';
import { BuildError } from './errors.js';
import { isExternal, pageUrl, withSlash } from '../shared/paths.js';
import type { PageOutline } from './page.js';

/**
 * The navigation model: sidebars (one a path prefix), their groups nested to any depth, and the
 * lookups every page needs (which sidebar, which groups hold it). Built once a site, from the
 * configuration or, without a `sidebar`, from the folders of the content.
 */

export interface NavBadge {
  text: string;
  variant: 'note' | 'new' | 'beta' | 'deprecated';
}

export interface NavLink {
  text: string;
  /** Full URL ("/docs/orgs/" or "https://..."). */
  href: string;
  /** Route of the page linked, when it is one of ours. */
  route?: string;
  external: boolean;
  badge?: NavBadge;
}

export interface NavGroup {
  /** Unique in the site: a top-level group's index in `Site.nav` ("3"), then the item index at each level ("3.1.0"). */
  id: string;
  text: string;
  items: NavEntry[];
  /** Closed unless it holds the current page (or the reader opens it). */
  collapsed: boolean;
  badge?: NavBadge;
}

export type NavEntry = NavGroup | NavLink;

export const isGroup = (entry: NavEntry): entry is NavGroup => 'items' in entry;

/** One sidebar: shown on the pages whose route starts with `prefix` (the longest prefix wins). */
export interface Sidebar {
  prefix: string;
  entries: NavEntry[];
}

/** The folder file of generated sidebars: the group's label, place and state. */
export const FOLDER_FILE = '_folder.yml';
const folderSchema = z.strictObject({
  label: z.string().min(1).optional(),
  order: z.number().optional(),
  collapsed: z.boolean().optional(),
  badge: badgeSchema.optional(),
});

/** Docusaurus's folder files, read as ours: `position` is `order`; `collapsible: false` keeps the group open. */
export const CATEGORY_FILES = ['_category_.json', '_category_.yml', '_category_.yaml'];
const categorySchema = z.strictObject({
  label: z.string().min(1).optional(),
  position: z.number().optional(),
  collapsed: z.boolean().optional(),
  collapsible: z.boolean().optional(),
  // Read by Docusaurus's theme only: accepted, without effect here.
  className: z.string().optional(),
  description: z.string().optional(),
  key: z.string().optional(),
  link: z.unknown().optional(),
  customProps: z.unknown().optional(),
});

/** Every link under some entries, depth first: reading order, orphans and checks walk this. */
export function navLinks(entries: NavEntry[]): NavLink[] {
  return entries.flatMap((entry) => (isGroup(entry) ? navLinks(entry.items) : [entry]));
}

/** The routes and URLs a configured sidebar lists (one sidebar or several by prefix), in order. */
export function configuredTargets(
  sidebar: SidebarItemConfig[] | Record<string, SidebarItemConfig[]> | undefined,
): string[] {
  const walk = (items: SidebarItemConfig[]): string[] =>
    items.flatMap((item) => (typeof item === 'string' ? [item] : 'link' in item ? [item.link] : walk(item.items)));
  return sidebar ? (Array.isArray(sidebar) ? walk(sidebar) : Object.values(sidebar).flatMap(walk)) : [];
}

/** The first link of a group: where its collapsed title leads. Found without listing the group's links (each page asks, for each group). */
export function firstLink(group: NavGroup): NavLink {
  for (const entry of group.items) {
    const link = isGroup(entry) ? firstLink(entry) : entry;
    if (link) return link;
  }
  return undefined as unknown as NavLink; // an empty group, as navLinks(group.items)[0] was
}

export function toBadge(badge: BadgeConfig | undefined): NavBadge | undefined {
  if (badge === undefined) return undefined;
  return typeof badge === 'string'
    ? { text: badge, variant: 'note' }
    : { text: badge.text, variant: badge.variant ?? 'note' };
}

/**
 * The sidebars of a site, each top-level group numbered in the order of all sidebars together,
 * with the problems found in folder files (reported by the checks).
 */
export function buildSidebars(
  config: ResolvedConfig,
  pages: PageOutline[],
  byRoute: Map<string, PageOutline>,
  taken?: TakenStamps,
): { sidebars: Sidebar[]; problems: BuildError[] } {
  const problems: BuildError[] = [];
  const raw = config.sidebar
    ? Object.entries(config.sidebar).map(([prefix, items]) => ({
        prefix,
        entries: items.map((item) => configuredEntry(config, byRoute, item)),
      }))
    : [{ prefix: '/', entries: generatedNav(config, pages, problems, taken) }];
  let top = 0;
  const sidebars = raw.map(({ prefix, entries }) => ({
    prefix,
    entries: entries.map((entry) => (isGroup(entry) ? numbered(entry, String(top++)) : (top++, entry))),
  }));
  return { sidebars, problems };
}

function numbered(group: NavGroup, id: string): NavGroup {
  return { ...group, id, items: group.items.map((item, i) => (isGroup(item) ? numbered(item, `${id}.${i}`) : item)) };
}

/** The group with an id ("3.1.0": `nav[3].items[1].items[0]`). */
export function groupAt(nav: NavEntry[], id: string): NavGroup | undefined {
  let entries = nav;
  let found: NavEntry | undefined;
  for (const index of id.split('.')) {
    found = entries[Number(index)];
    if (!found || !isGroup(found)) return undefined;
    entries = found.items;
  }
  return found as NavGroup | undefined;
}

/** The sidebar of a route: the one with the longest prefix it starts with. */
export function sidebarFor(sidebars: Sidebar[], route: string): Sidebar | undefined {
  let found: Sidebar | undefined;
  for (const sidebar of sidebars)
    if (route.startsWith(sidebar.prefix) && (!found || sidebar.prefix.length > found.prefix.length)) found = sidebar;
  return found;
}

/** For each route in some entries, the ids of the groups holding it, outermost first (where it is first listed). */
export function groupChains(entries: NavEntry[]): Map<string, string[]> {
  const chains = new Map<string, string[]>();
  const walk = (items: NavEntry[], chain: string[]) => {
    for (const item of items) {
      if (isGroup(item)) walk(item.items, [...chain, item.id]);
      else if (item.route && !chains.has(item.route)) chains.set(item.route, chain);
    }
  };
  walk(entries, []);
  return chains;
}

/**
 * What pages show of the navigation, as strings to hash or compare: `shared`, what every page shows
 * (each sidebar's top-level entries as titles and first links, or whole when always open), and
 * each top-level group whole (shown on the pages it holds). A change to `shared` changes every page.
 */
export function navKeys(sidebars: Sidebar[], nav: NavEntry[]): { shared: string; groups: string[] } {
  const summary = (e: NavEntry) => (isGroup(e) ? (e.collapsed ? [e.id, e.text, e.badge, firstLink(e).href] : e) : e);
  return {
    shared: JSON.stringify(sidebars.map((s) => [s.prefix, s.entries.map(summary)])),
    groups: nav.map((e) => (isGroup(e) ? JSON.stringify(e) : '')),
  };
}

function linkTo(
  config: ResolvedConfig,
  byRoute: Map<string, PageOutline>,
  target: string,
  text?: string,
  badge?: BadgeConfig,
): NavLink {
  const shown = toBadge(badge);
  if (isExternal(target)) return { text: text ?? target, href: target, external: true, ...(shown && { badge: shown }) };
  const route = withSlash(target);
  const page = byRoute.get(route);
  return {
    text: text ?? page?.title ?? route,
    href: pageUrl(config.base, route),
    route,
    external: false,
    ...(shown && { badge: shown }),
  };
}

function configuredEntry(config: ResolvedConfig, byRoute: Map<string, PageOutline>, item: SidebarItemConfig): NavEntry {
  if (typeof item === 'string') return linkTo(config, byRoute, item);
  if ('link' in item) return linkTo(config, byRoute, item.link, item.text, item.badge);
  const badge = toBadge(item.badge);
  return {
    id: '',
    text: item.text,
    items: item.items.map((inner) => configuredEntry(config, byRoute, inner)),
    collapsed: item.collapsed ?? true,
    ...(badge && { badge }),
  };
}

interface Folder {
  name: string;
  index?: PageOutline;
  pages: PageOutline[];
  folders: Map<string, Folder>;
}

const INDEX_FILE = /^(index|readme)\.mdx?$/i;

/**
 * No sidebar configured: the folder tree. The home page first, then the other pages at the top as links, then a group a folder, each
 * holding its index page first, then its pages and folders by `order`, then title. A folder's
 * `_folder.yml` may set its label, order, `collapsed` and badge.
 */
function generatedNav(
  config: ResolvedConfig,
  pages: PageOutline[],
  problems: BuildError[],
  taken?: TakenStamps,
): NavEntry[] {
  const root: Folder = { name: '', pages: [], folders: new Map() };
  // `sidebar: { hidden: true }` (Starlight): built and linkable, but not in the generated sidebar.
  for (const page of pages.filter((p) => p.frontmatter.sidebar?.hidden !== true)) {
    const parts = page.relativePath.split('/');
    const file = parts.pop()!;
    let folder = root;
    for (const part of parts) {
      if (!folder.folders.has(part)) folder.folders.set(part, { name: part, pages: [], folders: new Map() });
      folder = folder.folders.get(part)!;
    }
    if (INDEX_FILE.test(file)) folder.index = page;
    else folder.pages.push(page);
  }
  const link = (p: PageOutline): NavLink => {
    const badge = toBadge(p.frontmatter.badge);
    return {
      text: p.frontmatter.sidebar?.label ?? p.title,
      href: pageUrl(config.base, p.regularPath),
      route: p.regularPath,
      external: false,
      ...(badge && { badge }),
    };
  };
  const pageOrder = (p: PageOutline) => p.frontmatter.order ?? Infinity;
  const byOrder = <T extends { order: number; text: string }>(a: T, b: T) =>
    a.order - b.order || a.text.localeCompare(b.text);

  const group = (folder: Folder, dir: string): { order: number; text: string; entry: NavGroup } => {
    const meta = readFolderFile(config, dir, problems, taken);
    const children = [
      ...folder.pages.map((p) => ({ order: pageOrder(p), text: link(p).text, entry: link(p) as NavEntry })),
      ...[...folder.folders.values()].map((f) => group(f, `${dir}/${f.name}`)),
    ].sort(byOrder);
    const text =
      meta.label ?? folder.index?.title ?? folder.name.replace(/[-_]/g, ' ').replace(/^./, (c) => c.toUpperCase());
    const badge = toBadge(meta.badge);
    const items = [...(folder.index ? [link(folder.index)] : []), ...children.map((c) => c.entry)];
    return {
      order: meta.order ?? (folder.index ? pageOrder(folder.index) : Infinity),
      text,
      entry: { id: '', text, items, collapsed: meta.collapsed ?? true, ...(badge && { badge }) },
    };
  };
  const top = root.pages.map((p) => ({ order: pageOrder(p), text: link(p).text, entry: link(p) })).sort(byOrder);
  const groups = [...root.folders.values()].map((f) => group(f, f.name)).sort(byOrder);
  // The home page first, as each folder's index page heads its group: not among the others by title.
  return [...(root.index ? [link(root.index)] : []), ...top.map((t) => t.entry), ...groups.map((g) => g.entry)];
}

/** Aliases a folder file may expand: it holds four short keys, so a few are plenty. */
const MAX_FOLDER_ALIASES = 10;

/** A folder's `_folder.yml`, validated; what is wrong goes to `problems` with its line. */
function readFolderFile(
  config: ResolvedConfig,
  dir: string,
  problems: BuildError[],
  taken?: TakenStamps,
): z.infer<typeof folderSchema> {
  const exists = (file: string) => (taken ? taken.exists(file) : existsSync(file));
  const name = [FOLDER_FILE, ...CATEGORY_FILES].find((n) => exists(path.join(config.contentDir, dir, n)));
  if (!name) return {};
  const relative = `${dir}/${name}`;
  const file = path.join(config.contentDir, relative);
  const category = name !== FOLDER_FILE;
  const text = readFileSync(file, 'utf8');
  const doc = YAML.parseDocument(text);
  const error = doc.errors[0];
  if (error) {
    problems.push(
      new BuildError(
        `malformed YAML: ${error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`,
        { file: relative, line: error.linePos?.[0].line, column: error.linePos?.[0].col },
        'fix the YAML (quote values that contain ":" or "#")',
      ),
    );
    return {};
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_FOLDER_ALIASES });
  } catch (error) {
    // The yaml package refuses an alias bomb ("billion laughs") with a ReferenceError.
    if (!(error instanceof ReferenceError)) throw error;
    problems.push(
      new BuildError(
        `malformed YAML: its aliases expand to more than ${MAX_FOLDER_ALIASES} copies`,
        { file: relative, line: 1 },
        'write the values out instead of repeating them through aliases (`*name`)',
      ),
    );
    return {};
  }
  const parsed = category ? categorySchema.safeParse(value ?? {}) : folderSchema.safeParse(value ?? {});
  if (parsed.success) {
    if (!category) return parsed.data as z.infer<typeof folderSchema>;
    const c = parsed.data as z.infer<typeof categorySchema>;
    const collapsed = c.collapsible === false ? false : c.collapsed;
    return {
      ...(c.label !== undefined && { label: c.label }),
      ...(c.position !== undefined && { order: c.position }),
      ...(collapsed !== undefined && { collapsed }),
    };
  }
  for (const issue of parsed.error.issues) {
    const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : String(issue.path[0] ?? '');
    const index = text.split(/\r?\n/).findIndex((line) => new RegExp(`^\\s*"?${key}"?\\s*:`).test(line));
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown key "${key}"`
        : `"${issue.path.join('.') || '(root)'}": ${issue.message}`;
    problems.push(
      new BuildError(
        `${name}: ${message}`,
        { file: relative, line: index >= 0 ? index + 1 : 1 },
        category
          ? 'a category file may set `label`, `position`, `collapsed`, `collapsible` (and `className`, `description`, `link`, `customProps`)'
          : 'a folder file may set `label` (text), `order` (a number), `collapsed` (true or false) and `badge` (text, or `{ text, variant }`)',
      ),
    );
  }
  return {};
}
