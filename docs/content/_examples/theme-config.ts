import { defineConfig } from 'pagewright/config';

export default defineConfig({
  logo: { src: 'brand/logo.svg', dark: 'brand/logo-dark.svg', alt: 'Acme' },
  customCss: ['styles/brand.css'],
  head: [{ tag: 'link', attrs: { rel: 'me', href: 'https://social.acme.example/@docs' } }],
  banner: { id: 'sdk-5', text: 'SDK 5 is in beta.', link: { text: 'Try it', link: '/beta/' } },
  lastUpdated: true,
  themeDir: 'theme',
  // The frontmatter key theme/PageTitle.tsx reads (`beta: true`): a key of the site's own, with its type.
  frontmatter: { beta: 'boolean' },
});
