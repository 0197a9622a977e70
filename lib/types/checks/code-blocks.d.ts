import { type PassedCache } from '../incremental/cache.js';
import { BuildError } from '../model/errors.js';
import type { CodeBlock, PageRecord } from '../model/page.js';
/** A writer marks a deliberately partial snippet with ```js no-check. */
export declare const NO_CHECK: RegExp;
/** Whether a block is one the code check reads. */
export declare function isCheckedBlock(block: CodeBlock): boolean;
/**
 * Every js/ts/json/yaml block of a page must parse (and every Python block tokenize): readers copy them. Problems point at the
 * file line of the error inside the block. Blocks in `passed` parsed in an earlier build.
 */
export declare function codeBlockProblems(page: PageRecord, passed?: PassedCache): Promise<BuildError[]>;
/**
 * The block as the page's record keeps it: a checked plain-JavaScript block carries acorn's
 * verdict, reached in the thread that rendered the page (a page worker, mostly), so the checks
 * stage, which runs in the main thread alone, does not parse the blocks again: 0.5 s of a cold
 * build of the 1,000-page bench corpus moved into the parallel pages stage.
 */
export declare function withParseVerdict(block: CodeBlock): CodeBlock;
