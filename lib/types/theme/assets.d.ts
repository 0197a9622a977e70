import type { ResolvedConfig } from '../config/index.js';
import type { LogoView, SocialLinkView } from '../render/parts.js';
import type { OutputFile } from '../model/page.js';
/** What the layout shows of the theme's files: URLs under the base, sizes, icons. */
export interface ThemeView {
    /** URL of the project's stylesheets, bundled into one file, linked after the site's own. */
    customCss?: string;
    logo?: LogoView;
    social: SocialLinkView[];
}
/** The theme's files (`assets/custom.<hash>.css`, `assets/logo.<hash>.svg`) and how the layout refers to them. */
export declare function buildThemeAssets(config: ResolvedConfig): Promise<{
    files: OutputFile[];
    view: ThemeView;
}>;
