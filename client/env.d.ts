/** Replaced at build time by esbuild's `define` from the resolved configuration. */
declare const __DOCS_RUNTIME__: {
  pageTimeoutMs: number;
  scrollThrottleMs: number;
  activeHeadingOffsetPx: number;
  progress: { minimum: number; speedMs: number; trickleRate: number; trickleSpeedMs: number };
};
declare const __DOCS_DEV__: boolean;
declare const __DOCS_SYNONYMS__: string[][];
