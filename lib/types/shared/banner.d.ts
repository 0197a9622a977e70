/** Where the browser keeps the id of the announcement a reader dismissed: written by client/banner.ts, read by the head script (src/theme/head.ts). */
export declare const BANNER_KEY = "docs-banner";
