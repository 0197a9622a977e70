import { defineConfig } from 'pagewright/config';

export default defineConfig({
  mdx: { components: './components/index.tsx' },
});
