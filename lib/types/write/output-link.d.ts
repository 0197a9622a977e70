/**
 * The output path as a symbolic link to one complete version of the site. Versions live in a
 * folder beside it (`dist` -> `.dist.builds/<id>`); a build writes a new version there and points
 * the link at it with one rename(2) of a link over the link, which is atomic: whenever the process
 * dies, the output path shows the whole previous site or the whole new one. Whatever is not the
 * current version, nor in use by a running build, is removed by the next build (`sweep`).
 *
 * Every name here starts with a build's stamp (`<pid>-<ms>-<8 hex>`): what a build made is
 * recognisable, and whether that build still runs is a question about its process.
 */
export declare class OutputLink {
    readonly outDir: string;
    readonly stamp: string;
    /** Called before every change to the disk (the writer's fault injector). */
    private readonly step;
    /** The folder of versions, beside the output path. */
    readonly home: string;
    constructor(outDir: string, stamp: string, 
    /** Called before every change to the disk (the writer's fault injector). */
    step: () => void);
    /** This build's new version (its staging folder while the build runs). */
    get version(): string;
    /** Which version a build reads from: named so that no other build removes it meanwhile. */
    private get pinFile();
    /**
     * The folder the output path shows now, kept until this build ends (`release`): the version
     * the link points at, or a plain folder (an older generator's output) at the output path.
     */
    pin(): string | undefined;
    /**
     * Points the output path at this build's version (complete on disk), then sweeps. A plain
     * folder left at the output path by an older generator is moved aside first: that one time the
     * swap takes two renames, and a build that dies between them leaves the old folder to put back.
     */
    publish(options?: {
        keepSpare?: boolean;
    }): {
        sweeping: Promise<void>;
        spare?: string;
    };
    /**
     * Takes the spare version named `name` (the one before the current, kept by `publish`) as this
     * build's next version: it is renamed into this build's names (`adopted`), so that a build killed
     * while changing it leaves a folder the next sweep removes. False when it is gone (swept, or
     * taken by another build).
     */
    adoptSpare(name: string): boolean;
    /** The folder of the spare version named `name`. */
    spare(name: string): string;
    /** Where an adopted spare is changed into this build's version. */
    get adopted(): string;
    /** Versions that running builds read from (their pins). */
    private pinned;
    /** Spare versions other than `kept`: only the one before the current is of use. */
    private sparesBut;
    /** The build ends without a new version: its staging folder and pin go, and so does any leftover. */
    release(): Promise<void>;
    /** This build's staging folder, link and pin. */
    private removeOwn;
    private unpin;
    /** The folder the output path shows now, without pinning it (a build that only looks). */
    get shows(): string | undefined;
    /** Where the output path leads now; `version` when it is one of ours. */
    private current;
    /**
     * Removes what killed or finished builds left: versions no link points at, pins, links, and the
     * `<out>.tmp-*` / `<out>.old-*` folders of the generator's earlier swap. Kept: the current
     * version, everything of a build still running, and the versions running builds read from. A
     * plain folder moved aside by a build killed mid-swap goes back to the output path if that is empty.
     * Returns what goes, chosen under the lock and deleted after it (while the build saves its
     * caches): a folder no link points at never becomes current again, and two builds deleting it
     * both succeed.
     */
    private sweepLocked;
    /** Deletes folders one at a time; one that resists is left for the next sweep. */
    private remove;
    /**
     * Runs `fn` while holding the lock file of the versions folder, so that flips and sweeps of
     * concurrent builds (other processes) come one after the other. `fn` is synchronous: writers of
     * one process never meet inside it. A lock whose build no longer runs is taken over.
     */
    private locked;
}
export declare function buildStarted(stamp: string): void;
export declare function buildEnded(stamp: string): void;
