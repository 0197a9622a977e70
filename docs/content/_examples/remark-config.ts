import { defineConfig } from 'pagewright/config';
import remarkNoClickHere from './remark-plugin.js';

export default defineConfig({
  markdown: { remarkPlugins: [remarkNoClickHere] },
  checks: { markdownPlugins: 'error' },
});
