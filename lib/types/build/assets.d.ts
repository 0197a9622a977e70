import type { ResolvedConfig } from '../config/index.js';
import type { Feature, OutputFile } from '../model/page.js';
import { type ThemeView } from '../theme/assets.js';
import { type PluginAssets } from '../plugins/assets.js';
export declare const CLIENT_DIR: string;
/**
 * Runs before first paint, inline (and hashed in the CSP): applies the saved theme, and marks the
 * document `js` so that script-only layout (the drawer, copy buttons) is in place with no shift.
 */
export declare const THEME_SCRIPT = "document.documentElement.classList.add('js');try{var t=localStorage.getItem('docs-theme');if(t==='dark'||t==='light')document.documentElement.dataset.theme=t}catch(e){}";
export interface BuiltAssets {
    files: OutputFile[];
    /** URL of the entry script, the stylesheet and the redirect script. */
    js: string;
    css: string;
    redirectScript: string;
    /** URL of each feature's stylesheet (client/features/), linked only from the pages that use the feature. */
    features: Record<Feature, string>;
    /** The project's stylesheet, logo and social icons (src/theme/assets.ts). */
    theme: ThemeView;
    /** The plugins' head tags, stylesheets and client modules (their files are among `files`). */
    plugins: PluginAssets;
}
export declare const FEATURES: Feature[];
/**
 * Bundles the browser runtime and the stylesheet with esbuild: minified, content-hashed, split so
 * that search and other on-demand code load only when used.
 */
export declare function buildAssets(config: ResolvedConfig, options?: {
    dev?: boolean;
    clientDir?: string;
}): Promise<BuiltAssets>;
