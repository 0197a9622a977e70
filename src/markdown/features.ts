import type { VFile } from 'vfile';
import type { Feature } from '../model/page.js';

/** Marks a page as using a feature: the layout then links that feature's stylesheet (src/render/index.tsx). */
export function usesFeature(file: VFile, feature: Feature): void {
  const features = (file.data.features ??= []);
  if (!features.includes(feature)) features.push(feature);
}
