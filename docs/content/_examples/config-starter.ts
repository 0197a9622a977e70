import { defineConfig } from 'pagewright/config';

export default defineConfig({
  // Shown in the top bar and after each page's title in the browser tab.
  title: 'Acme Docs',
  description: 'Guides and reference for the Acme SDK.',
  // Where the site lives on its host: '/' for a site of its own, '/docs/' under a product site.
  base: '/',
  // Named values pages print with %%{name}.
  constants: { sdkVersion: '4.2.0', minNode: '20' },
});
