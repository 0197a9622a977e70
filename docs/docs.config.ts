/**
 * The user guide of pagewright, built by pagewright itself:
 *   node bin/docs.js build docs     (from the repository's root)
 *   node bin/docs.js check docs
 * The configuration and CLI references are generated from the generator's own schema and program by
 * the plugin in plugins/reference.ts.
 */
import { defineConfig } from '../src/config/define.js';
import { DEFAULT_LIMITS, MIN_HEAP_MB } from '../src/markdown/limits.js';
import { referencePlugin } from './plugins/reference.js';

export default defineConfig({
  title: 'pagewright',
  description: 'The user guide of pagewright, a static documentation-site generator: Markdown in, a fast, checked, accessible site out.',
  base: '/',
  lang: 'en-US',
  constants: {
    nodeMin: '20.19',
    defaultPort: '4173',
    benchDate: '2026-12-07',
    // The time and memory limits the guide quotes, from the generator's defaults.
    mdxLimit: `${DEFAULT_LIMITS.mdxMs / 1000} s`,
    hookLimit: `${DEFAULT_LIMITS.hookMs / 1000} s`,
    heapLimit: `${DEFAULT_LIMITS.heapMb} MB`,
    heapMin: `${MIN_HEAP_MB} MB`,
  },
  checks: { duplicateDescriptions: 'error', orphans: 'error' },
  search: { synonyms: [['config', 'configuration', 'docs.config.ts'], ['i18n', 'locales', 'languages'], ['deploy', 'hosting', 'publish']] },
  topNav: [
    { text: 'Guide', link: '/getting-started/' },
    { text: 'Reference', link: '/reference/configuration/', match: '/reference/' },
  ],
  sidebar: [
    { text: 'Start here', items: ['/', '/getting-started/'] },
    {
      text: 'Writing',
      items: [
        '/writing/',
        '/writing/components/',
        '/writing/mdx/',
        '/writing/includes/',
        '/writing/code/',
        '/writing/diagrams-math-images/',
        '/writing/openapi/',
      ],
    },
    { text: 'Site', items: ['/navigation/', '/theming/', '/home-page/', '/social-cards/', '/feedback/', '/languages/', '/versions/', '/search/'] },
    { text: 'Extending', items: ['/plugins/', '/blog/'] },
    { text: 'Working', items: ['/dev-server/', '/checks/', '/limits-and-security/', '/guide/untrusted-content/', '/deploy/'] },
    { text: 'Reference', items: ['/reference/configuration/', '/reference/cli/'] },
    {
      text: 'Coming from',
      collapsed: false,
      items: ['/guide/dialects/', '/migrating/vitepress/', '/migrating/docusaurus/', '/migrating/starlight/', '/compare/'],
    },
    { text: 'Contributors', items: [{ text: 'How it works', link: '/how-it-works/', badge: { text: 'Internals', variant: 'note' } }] },
  ],
  redirects: [{ from: '/config/', to: '/reference/configuration/' }, { from: '/cli/', to: '/reference/cli/' }],
  editLink: { pattern: 'https://github.com/pagewright/pagewright/edit/main/docs/content/:path', text: 'Edit this page' },
  plugins: [referencePlugin()],
});
