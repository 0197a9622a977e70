// The site's configuration. Every key is optional; your editor completes them and shows what each does.
import { defineConfig } from 'pagewright/config';

export default defineConfig({
  // After the page title in the browser tab and search results, and beside the logo in the top bar.
  title: {{title}},
  // The meta description of pages that do not set one, and the summary of llms.txt.
  description: {{description}},

  // The address the site is published at. The sitemap, canonical links and feeds need it: until it is set,
  // every build says so once. Set it when you know where the site will live.
  // siteUrl: 'https://docs.example.com',

  // The path the site is served under: '/' for a site of its own (docs.example.com), or '/docs/' when it shares a
  // host with other pages (example.com/docs/). `pagewright build --base /preview/` overrides it for one build.
  base: '/',

  // Values pages write as %{name}, so a version or a limit is written once and changed in one place.
  constants: {
    nodeVersion: '20.19',
  },

  // The sidebar is made from the folders of content/ (each folder's index.md names its group). To order it yourself:
  // sidebar: [
  //   { text: 'Start here', items: ['/', '/getting-started/'] },
  //   { text: 'Guide', items: ['/guide/', '/guide/writing-pages/', '/guide/deploying/'] },
  // ],

  // Links in the top bar.
  // topNav: [{ text: 'Guide', link: '/guide/' }],

  // "Edit this page" under every page; :path is the page's file under content/.
  // editLink: { pattern: 'https://github.com/you/your-docs/edit/main/content/:path' },
});
