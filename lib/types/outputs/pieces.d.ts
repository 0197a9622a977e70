import type { Site } from '../model/site.js';
import type { OutputFile, PageRecord } from '../model/page.js';
/**
 * What a build that writes an output folder keeps of the previous output (src/build/index.ts registers
 * it for its site): the folder it can be read in until the build ends (none for a first build),
 * its site files' content hashes (intact files only), and the pages whose files are kept, with
 * those files. A build without it (in memory: tests, `dev`) makes every file whole and stores nothing.
 */
export interface KeptOutput {
    dir?: string;
    siteFiles: Map<string, string>;
    pages: Map<PageRecord, string[]>;
}
export declare const keptOutput: WeakMap<Site<PageRecord>, KeptOutput>;
/**
 * A piece of a file: text of its own, or a page's (`key`: what the piece shows besides the page's
 * own files, with the file's `context`). A page's piece is the same as the last build's when the
 * build keeps the page's files and the key and context are the same.
 */
export type Piece = string | {
    page: PageRecord;
    key: string;
    make: () => string;
};
/**
 * A site file made of one piece a page (llms-full.txt, pages.json), made again from the previous
 * output's file after an edit: the pieces of pages whose files the build kept are the bytes they
 * were then, copied on disk from that file (in long runs: an edit leaves two), and only the other
 * pages' pieces are made. At 10,000 pages, llms-full.txt is 70 MB: made whole, it cost 1.5 s of CPU
 * an edit (every kept page's Markdown read, the text joined, hashed and written); copied, a few
 * tens of milliseconds. Where each page's piece is goes to the cache with the file's hash; the
 * previous file is used only if the previous output holds it with that hash.
 *
 * The file's hash (for the writer) is then one of what it is made of: the previous file's hash and
 * the ranges taken from it, and the new text; equal hashes are still equal contents. Its contents
 * are read only by a writer that wants them in memory (tests, `dev`).
 */
export declare function piecedFile(site: Site, file: string, pieces: Piece[], context?: string): OutputFile;
