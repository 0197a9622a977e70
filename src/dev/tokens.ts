import { FEATURES, SCRIPT_FEATURES, type BuiltAssets } from '../build/assets.js';
import type { Feature } from '../model/page.js';

/**
 * `dev` renders pages with these in place of the bundle's URLs, and the server puts the current
 * URLs in when it sends a page (`fillDevTokens`). So a new stylesheet makes no page render again,
 * and what the browser gets is what `build` writes.
 */
const TOKENS = {
  css: '__docs_dev_css__',
  js: '__docs_dev_js__',
  redirect: '__docs_dev_redirect__',
  customCss: '__docs_dev_custom_css__',
} as const;
const FEATURE_TOKENS = Object.fromEntries(FEATURES.map((f) => [f, `__docs_dev_feature_${f}__`])) as Record<
  Feature,
  string
>;

const SCRIPT_TOKENS = Object.fromEntries(SCRIPT_FEATURES.map((f) => [f, `__docs_dev_script_${f}__`])) as Partial<
  Record<Feature, string>
>;

/** The bundle as pages are rendered with it in `dev`: its files, and tokens for its URLs. */
/** The home layout's and the feedback widget's files (src/build/assets.ts `extra`). */
const EXTRA_TOKENS = {
  home: '__docs_dev_home__',
  feedback: { js: '__docs_dev_feedback_js__', css: '__docs_dev_feedback_css__' },
} as const;

export function tokenAssets(assets: BuiltAssets): BuiltAssets {
  const extra = {
    home: EXTRA_TOKENS.home,
    ...(assets.extra?.feedback ? { feedback: { ...EXTRA_TOKENS.feedback } } : {}),
  };
  return {
    ...assets,
    css: TOKENS.css,
    js: TOKENS.js,
    redirectScript: TOKENS.redirect,
    features: FEATURE_TOKENS,
    featureScripts: SCRIPT_TOKENS,
    extra,
    // The project's stylesheets too: saving one renders no page (src/dev/builder.ts 'stylesheet').
    theme: { ...assets.theme, ...(assets.theme.customCss ? { customCss: TOKENS.customCss } : {}) },
  };
}

/** A page as `build` writes it: the bundle's current URLs in place of the tokens. */
export function fillDevTokens(
  html: string,
  assets:
    | (Pick<BuiltAssets, 'css' | 'js' | 'redirectScript' | 'features'> &
        Partial<Pick<BuiltAssets, 'featureScripts' | 'extra' | 'theme'>>)
    | undefined,
): string {
  if (!assets) return html;
  let out = html
    .replaceAll(TOKENS.css, assets.css)
    .replaceAll(TOKENS.js, assets.js)
    .replaceAll(TOKENS.redirect, assets.redirectScript)
    .replaceAll(TOKENS.customCss, assets.theme?.customCss ?? '');
  for (const feature of FEATURES)
    if (out.includes(FEATURE_TOKENS[feature]))
      out = out.replaceAll(FEATURE_TOKENS[feature], assets.features[feature] ?? '');
  for (const feature of SCRIPT_FEATURES)
    if (out.includes(SCRIPT_TOKENS[feature]!))
      out = out.replaceAll(SCRIPT_TOKENS[feature]!, assets.featureScripts?.[feature] ?? '');
  if (assets.extra && out.includes('__docs_dev_'))
    out = out
      .replaceAll(EXTRA_TOKENS.home, assets.extra.home)
      .replaceAll(EXTRA_TOKENS.feedback.js, assets.extra.feedback?.js ?? '')
      .replaceAll(EXTRA_TOKENS.feedback.css, assets.extra.feedback?.css ?? '');
  return out;
}
