/**
 * What each configuration key is for, in a reader's words. The keys, their types, whether they are
 * optional and their defaults come from the schema and from resolving an empty configuration
 * (./schema.ts, ./reference.ts); this file adds only the sentence. The reference plugin fails the build
 * when a top-level key has no sentence here, or when a sentence names a key the schema does not have.
 *
 * A value is the sentence, or `{ text, default }` where the default cannot be read from the resolved
 * configuration (it depends on another key, or on the project's files).
 */
export type Note = string | { text: string; default: string };

export const configNotes: Record<string, Note> = {
  title: 'The site title: shown in the top bar and written after each page title in `<title>`.',
  description: 'A summary of the whole site, used by `llms.txt` and by pages that set no description of their own.',
  base: 'The public path the site is served under, starting and ending with `/`. `build --base` overrides it for one build.',
  siteUrl:
    'The address the site is published at (`https://docs.example.com`). The sitemap and the canonical links of every page need it; a build without it warns once.',
  lang: 'The language of the pages, written into `<html lang>`; it also picks the built-in interface strings.',
  locales: {
    text: 'The languages of a translated site. `root` is the default language, whose pages are `content/` itself; every other key is a folder `content/<key>/`. See [Languages](../../languages.md).',
    default: 'none (one language)',
  },
  'locales.<key>.label': 'The name shown in the language menu, in its own language (`Deutsch`).',
  'locales.<key>.lang': {
    text: 'The language tag written into the pages of this locale.',
    default: 'the key (`lang` for `root`)',
  },
  'locales.<key>.dir': { text: 'Text direction; `rtl` mirrors the layout.', default: "'ltr'" },
  'locales.<key>.strings': 'Replaces built-in interface strings for this locale, by their key (`toc.title`).',
  'locales.<key>.sidebarLabels': 'The sidebar texts of this locale, keyed by the root locale\'s text.',
  versions: {
    text: 'The versions of a versioned site: the one in `content/`, the snapshots in `versions/<name>/` and an optional unreleased one. See [Versions](../../versions.md).',
    default: 'none (one version)',
  },
  'versions.current': 'The version `content/` holds: its `name` (its URL segment) and its `label` in the version menu.',
  'versions.older': { text: 'Older versions, newest first: names, or `{ name, label }`.', default: 'the names in `versions.json`' },
  'versions.next': {
    text: 'Makes `content/` an unreleased version served under `/next/`; the current version then comes from its snapshot.',
    default: 'none',
  },
  contentDir: 'The folder of Markdown pages, relative to the project root.',
  outDir: 'The output folder, relative to the project root. It may not contain the project or the content folder.',
  product: {
    text: 'A name, a slug and the public address of the product the docs describe, for sites that quote them in pages.',
    default: 'none',
  },
  editLink: {
    text: 'Adds an "Edit this page" link to each page; `:path` in the pattern is replaced by the page\'s file under the content folder.',
    default: 'none (no link)',
  },
  'editLink.pattern': 'The link, with `:path` where the file goes.',
  'editLink.text': { text: 'The link\'s text.', default: '"Edit this page"' },
  constants: 'Named values that pages print with `%%{name}`: prices, limits, version numbers. An unknown name fails the build.',
  analytics: { text: 'A tag-manager container. Off unless an id is set; never loaded for visitors who send Do Not Track or Global Privacy Control.', default: 'off' },
  runtime: 'Timings of the browser runtime: page loads, scroll-spy and the progress bar.',
  'runtime.pageTimeoutMs': 'How long a page chunk may take before the router falls back to a full page load.',
  'runtime.scrollThrottleMs': 'How often, at most, the scroll-spy updates the highlighted heading.',
  'runtime.activeHeadingOffsetPx': 'How far below the top of the window a heading counts as the current one.',
  'runtime.progress': 'The progress bar shown while a page that is not loaded yet is fetched.',
  markdown: 'How Markdown is rendered.',
  'markdown.lineNumbers': 'Numbers the lines of every code block; a block\'s own `:line-numbers` or `:no-line-numbers` wins.',
  'markdown.highlighter': 'The highlighter: highlight.js grammars (`lowlight`, fast) or VS Code\'s through Shiki (more precise, slower).',
  'markdown.remarkPlugins': 'unified plugins run on the Markdown tree after the built-in extensions.',
  'markdown.rehypePlugins': 'unified plugins run on the HTML tree after highlighting, before links and security rules are checked.',
  search: 'Search settings.',
  'search.synonyms': 'Groups of words that find each other: `[["cron", "schedule"]]`.',
  checks: 'What the checks of taste do: `error` fails the build, `warning` prints, `off` skips. Every other check always fails the build.',
  'checks.duplicateDescriptions': 'Two pages with the same description.',
  'checks.orphans': 'A page that no sidebar and no other page links to.',
  'checks.markdownPlugins': 'Warnings raised by your remark and rehype plugins (`file.message`).',
  sidebar: {
    text: 'The sidebar: one list for the whole site, or one list per path prefix. An entry is a route, a link or a group. See [Navigation](../../navigation.md).',
    default: 'made from the folder tree',
  },
  topNav: 'Links in the top bar; `match` marks a link as current on every page under a prefix.',
  redirects: 'Old paths and where they now live: a client-side redirect, a stub page and a `_redirects` line each.',
  'redirects[].exact': 'Match only this exact path (no slash or `index.html` forms, no stub page).',
  limits: 'What one page may be. A page past a limit is refused with its line. See [Limits and security](../../limits-and-security.md).',
  'limits.pageBytes': 'The largest page, in bytes (its Markdown after the frontmatter).',
  'limits.nesting': 'The deepest nesting of lists, quotes and callouts.',
  'limits.parseMs': 'The longest one page may take to parse and render, in milliseconds.',
  security: 'What pages may run or link to.',
  'security.allowScripts': 'Allows raw `<script>`, event-handler attributes and script files in the content folder.',
  'security.allowedUrlSchemes': 'Which of the refused URL schemes to allow in links and images.',
  mdx: 'MDX pages.',
  'mdx.components': { text: 'A module whose capitalised named exports every `.mdx` page may use.', default: 'none' },
  head: 'Tags added to every page\'s head, after the generator\'s own. Inline scripts are hashed into the Content-Security-Policy.',
  customCss: 'Your stylesheets, bundled into one hashed file linked after the site\'s, so your rules and custom properties win.',
  logo: { text: 'An image in the top bar, with an optional `dark` variant.', default: 'none' },
  'logo.alt': { text: 'The image\'s text when it replaces the title.', default: 'the site title' },
  'logo.replacesTitle': { text: 'Shows the logo alone, without the title beside it.', default: 'false' },
  social: 'Icon links in the top bar; `icon` is a Simple Icons slug (`github`, `discord`, `mastodon`).',
  footer: { text: 'A footer under every page: a line of text and links.', default: 'none' },
  banner: { text: 'An announcement above the top bar that readers may dismiss; a new `id` shows it again.', default: 'none' },
  lastUpdated: '"Last updated" at the foot of each page, from the last git commit of its file.',
  themeDir: 'The folder of layout overrides. See [Theming](../../theming.md).',
  plugins: 'Build plugins, run in order after the built-in ones. See [Plugins](../../plugins.md).',
  'plugins[].name': 'Names the plugin in every message about it.',
};
