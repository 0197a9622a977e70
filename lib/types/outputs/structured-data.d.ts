import { type Site } from '../model/site.js';
import type { PageOutline } from '../model/page.js';
/**
 * schema.org `BreadcrumbList` for a page: the sidebar groups holding it, outermost first (each
 * linking to its first page), then the page. Pages outside a group get none (a one-item trail tells a search engine nothing).
 * A `<script type="application/ld+json">` is data, never run, so the CSP needs no hash for it.
 */
export declare function breadcrumbJsonLd(site: Site<PageOutline>, page: PageOutline): string;
