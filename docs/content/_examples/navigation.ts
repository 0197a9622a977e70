import { defineConfig } from 'pagewright/config';

export default defineConfig({
  sidebar: {
    // Pages under /api/ show this sidebar: the longest matching prefix wins.
    '/api/': [
      {
        text: 'REST API',
        items: [
          '/api/',
          { text: 'Webhooks', link: '/api/webhooks/', badge: 'New' },
          { text: 'Deprecated', collapsed: false, badge: { text: 'Old', variant: 'deprecated' }, items: ['/api/v1/'] },
        ],
      },
    ],
    // Every other page.
    '/': [
      { text: 'Start', items: ['/', '/getting-started/'] },
      { text: 'Guides', items: ['/guides/auth/', '/guides/pagination/'] },
      { text: 'Changelog', link: '/changelog/' },
    ],
  },
  topNav: [
    { text: 'Guides', link: '/getting-started/' },
    { text: 'API', link: '/api/', match: '/api/' },
    { text: 'Community', link: 'https://forum.acme.example' },
  ],
});
