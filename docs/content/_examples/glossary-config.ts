import { defineConfig } from 'pagewright/config';
import { glossaryPlugin } from './glossary-plugin.js';

export default defineConfig({
  plugins: [glossaryPlugin({ file: 'data/glossary.yaml' })],
});
