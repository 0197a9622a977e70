import type { OutputFile } from '../model/page.js';
import { securityHeaders } from './headers.js';
/**
 * Snippets the build writes for deploy/nginx.conf to include, so the nginx recipe always serves
 * what this build needs: its redirects, and the security headers of its `_headers`.
 */
export declare function nginxFiles(config: Parameters<typeof securityHeaders>[0], redirects: string): OutputFile[];
/** `nginx-headers.conf`: `add_header` lines, included in each location (nginx does not inherit them into one that sets its own). */
export declare function nginxHeadersFile(config: Parameters<typeof securityHeaders>[0]): OutputFile;
/**
 * `nginx-redirects.conf`: the `_redirects` table as nginx `location = ... { return 301 ...; }`
 * blocks, for deploy/nginx.conf to include. Real 301s beat the stub pages (one request, and
 * search engines move the old address's standing to the new one). Exact matches only: no regex,
 * so a path in the table cannot change what any other address does.
 */
export declare function nginxRedirectsFile(redirects: string): OutputFile;
