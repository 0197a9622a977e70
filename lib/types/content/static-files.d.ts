import type { ResolvedConfig } from '../config/index.js';
import type { Problems } from '../model/errors.js';
import type { OutputFile } from '../model/page.js';
/** Files beside the pages (images, downloads), copied to the same path under the output. */
export declare function readStaticFiles(config: ResolvedConfig, files: string[]): Promise<OutputFile[]>;
/** Two outputs at one path would silently overwrite each other: a static file named like a page, say. */
export declare function checkOutputCollisions(paths: Iterable<string>, staticFiles: string[], problems: Problems): void;
