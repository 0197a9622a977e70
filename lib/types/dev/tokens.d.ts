import { type BuiltAssets } from '../build/assets.js';
/** The bundle as pages are rendered with it in `dev`: its files, and tokens for its URLs. */
export declare function tokenAssets(assets: BuiltAssets): BuiltAssets;
/** A page as `build` writes it: the bundle's current URLs in place of the tokens. */
export declare function fillDevTokens(html: string, assets: Pick<BuiltAssets, 'css' | 'js' | 'redirectScript' | 'features'> | undefined): string;
