import { Command } from 'commander';
import { build } from '../build/index.js';
/** Exit codes: 0 success, 1 a problem in the content or configuration, 2 a usage error. */
/** The build itself, for programs that load the compiled CLI (bench/build-once.mjs). */
export { build };
export declare const EXIT: {
    readonly ok: 0;
    readonly content: 1;
    readonly usage: 2;
};
/** Prints a user error without a stack trace; returns the exit code. Every command's errors end here. */
export declare function reportError(error: unknown, write?: (s: string) => void): number;
/**
 * The commander program. `root` lets tests pass a Command already set up with exitOverride() and
 * configureOutput(), which commander copies into subcommands when they are created.
 */
export declare function createProgram(root?: Command): Command;
/** Runs the CLI; every error a command throws is printed by reportError: usage errors exit 2, content errors 1. */
export declare function run(argv: string[]): Promise<void>;
