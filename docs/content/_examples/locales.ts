import { defineConfig } from 'pagewright/config';

export default defineConfig({
  lang: 'en',
  locales: {
    root: { label: 'English' },
    fr: { label: 'Français' },
    he: { label: 'עברית', dir: 'rtl' },
    ja: { label: '日本語', strings: { 'toc.title': '目次' }, sidebarLabels: { Guides: 'ガイド' } },
  },
});
