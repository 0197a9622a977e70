/** Where a problem is, in the writer's terms: a source file and, when known, a line and column. */
export interface Place {
    file: string;
    line?: number;
    column?: number;
}
/** A problem in the user's input. Printed as `file:line:col  message` and a fix, without a stack trace. */
export declare class BuildError extends Error {
    readonly place: Place;
    readonly fix?: string | undefined;
    constructor(message: string, place: Place, fix?: string | undefined, options?: ErrorOptions);
    get where(): string;
    toString(): string;
    toJSON(): {
        file: string;
        line: number | undefined;
        column: number | undefined;
        message: string;
        fix: string | undefined;
    };
    /** The error `toJSON` gave (sent by a page worker, kept in a cache). */
    static fromJSON(json: ReturnType<BuildError['toJSON']>): BuildError;
}
/**
 * A command used wrongly (a missing folder, a bad option value, a port taken): the CLI prints it
 * as `error: message`, like commander's own usage errors, without a stack, and exits 2.
 */
export declare class UsageError extends Error {
    name: string;
}
/** Every problem a stage found, thrown once so the writer sees them all in one run. */
export declare class BuildFailure extends Error {
    readonly problems: BuildError[];
    constructor(problems: BuildError[]);
    format(): string;
}
/** Problems grouped by file, in file order, each group sorted by line. */
export declare function formatProblems(problems: BuildError[]): string;
/** Warnings, for a build that succeeded: grouped like problems, with their count. */
export declare function formatWarnings(warnings: BuildError[]): string;
/** Collects problems during a stage; `throwIfAny` ends the stage with one BuildFailure. Warnings never fail it. */
export declare class Problems {
    readonly list: BuildError[];
    readonly warnings: BuildError[];
    add(message: string, place: Place, fix?: string): void;
    push(...errors: BuildError[]): void;
    warn(...warnings: BuildError[]): void;
    throwIfAny(): void;
}
