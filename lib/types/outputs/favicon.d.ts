import type { OutputFile } from '../model/page.js';
/**
 * A small SVG icon at `<base>favicon.svg`, linked from every page: without one, browsers ask for
 * `/favicon.ico` at the host root and log a 404 on every first visit.
 */
export declare const FAVICON_SVG = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 32 32\"><rect width=\"32\" height=\"32\" rx=\"7\" fill=\"#0b5fcc\"/><path d=\"M9 7h6.5a9 9 0 0 1 0 18H9z\" fill=\"#fff\"/><path d=\"M13 11h2.5a5 5 0 0 1 0 10H13z\" fill=\"#0b5fcc\"/></svg>\n";
export declare function faviconFile(): OutputFile;
