/** Replaced at build time by esbuild's `define` from the resolved configuration. */
declare const __DOCS_RUNTIME__: {
  pageTimeoutMs: number;
  scrollThrottleMs: number;
  activeHeadingOffsetPx: number;
  progress: { minimum: number; speedMs: number; trickleRate: number; trickleSpeedMs: number };
};
declare const __DOCS_DEV__: boolean;

/** Browser globals the runtime uses that TypeScript's DOM library does not declare. */
interface Window {
  /** Chunk files push `[key, chunk]` here (see src/output.ts `chunkScript`). */
  docsChunks?: [string, import('../src/shared/contract.js').ChunkData][];
  /** The tag manager's queue. */
  dataLayer?: unknown[];
}
interface Navigator {
  /** Global Privacy Control (https://globalprivacycontrol.org). */
  globalPrivacyControl?: boolean;
  connection?: { saveData?: boolean; effectiveType?: string };
}
