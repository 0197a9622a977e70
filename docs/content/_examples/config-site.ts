import { defineConfig } from 'pagewright/config';

export default defineConfig({
  title: 'Acme Docs',
  base: '/docs/',
  lang: 'en-US',
  editLink: { pattern: 'https://github.com/acme/sdk/edit/main/docs/content/:path' },
  constants: { sdkVersion: '4.2.0', rateLimit: '600 requests a minute' },
  markdown: { lineNumbers: false, highlighter: 'lowlight' },
  search: { synonyms: [['auth', 'authentication', 'login']] },
  checks: { duplicateDescriptions: 'error', orphans: 'error' },
  redirects: [{ from: '/setup/', to: '/getting-started/' }],
  social: [{ icon: 'github', link: 'https://github.com/acme/sdk' }],
  footer: { text: 'Acme, Inc.', links: [{ text: 'Status', link: 'https://status.acme.example' }] },
});
