import type { Root } from 'hast';
import type { VFile } from 'vfile';
import type { SecurityConfig } from '../config/index.js';
/**
 * A documentation repository takes contributions from many hands, and the site's CSP trusts its
 * own origin: a page must not run script. Reports, as errors with their place, links and images
 * to `javascript:`, `vbscript:`, `data:` and `file:` URLs, and in raw HTML `<script>` elements,
 * event-handler attributes (`onclick=`) and such URLs in attributes. `security.allowScripts` and
 * `security.allowedUrlSchemes` in the configuration allow them.
 */
/** Schemes that run script or read local files when a reader follows them. */
export declare const DANGEROUS_SCHEMES: readonly ['javascript', 'vbscript', 'data', 'file'];
/** The scheme of a URL as a browser reads it: it drops whitespace and control characters first. */
export declare function urlScheme(url: string): string | null;
export default function rehypeSecurity(options: SecurityConfig): (tree: Root, file: VFile) => void;
