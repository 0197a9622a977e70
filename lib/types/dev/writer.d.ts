import type { BuildOutput, OutputManifest, Writer } from '../write/index.js';
import type { OutputDir } from './output-dir.js';
/**
 * The build's output in `dev`: the folder the server serves, written file by file as builds
 * change it. What the last build committed stays in memory (it is the next build's `previous`,
 * so unchanged pages keep their files), and only files whose contents changed are written.
 */
export declare class DevWriter implements Writer {
    private readonly out;
    private readonly beforeCommit;
    /** Pages come back with their contents: they are written with the rest at `commit`. */
    readonly staging: null;
    private pages;
    /** Every file this writer put in the folder, with a hash of its contents. */
    private hashes;
    /** The page each page file belongs to, by path. */
    private owners;
    /** The contents last committed at each path (the files given, not the kept pages'). */
    private contents;
    private renderAll;
    /** Whether the last commit wrote or removed anything. */
    changed: boolean;
    /** `beforeCommit` may refuse the output by throwing (the content folder went away while it was read). */
    constructor(out: OutputDir, beforeCommit?: () => Promise<void>);
    /** The next build renders every page again (the layout code or the configuration changed). */
    renderAgain(): void;
    /** Whether `file` (under the output folder) is one of the build's files, kept current by every build. */
    holds(file: string): boolean;
    previous(): Promise<OutputManifest | undefined>;
    commit(output: BuildOutput): Promise<void>;
    discard(): Promise<void>;
}
