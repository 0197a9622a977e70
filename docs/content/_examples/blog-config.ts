import { defineConfig } from 'pagewright/config';
import { blog } from 'pagewright/blog';

export default defineConfig({
  title: 'Acme Docs',
  description: 'Guides and references for Acme.',
  siteUrl: 'https://acme.example',
  topNav: [{ text: 'Blog', link: '/blog/' }],
  plugins: [
    blog({
      dir: 'blog', // content/blog/: the posts, and the blog's route /blog/
      title: 'Engineering blog',
      description: 'What the Acme team builds and why.',
      postsPerPage: 10,
    }),
  ],
});
