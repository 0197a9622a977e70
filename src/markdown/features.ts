import type { VFile } from 'vfile';
import type { Feature } from '../model/page.js';

/** Marks a page as using a feature: the layout then links that feature's stylesheet (src/render/index.tsx). */
export function usesFeature(file: VFile, feature: Feature): void {
  const features = (file.data.features ??= []);
  if (!features.includes(feature)) features.push(feature);
}

/**
 * Marks a page whose HTML holds the API reference's schemas or try-it panels (src/content/openapi.ts
 * writes them as raw HTML): it then links the `api` feature's stylesheet and module, and no other page does.
 */
export function rehypeApiFeature() {
  return (tree: import('hast').Root, file: VFile) => {
    if (
      tree.children.some(
        (node) => node.type === 'raw' && /^<(?:div|section) class="api-(?:try|schema)"/.test(node.value),
      )
    )
      usesFeature(file, 'api');
  };
}
