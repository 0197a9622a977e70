import { BuildError } from '../model/errors.js';
import type { PageRecord } from '../model/page.js';
/** The part of `content/_model/cli.yaml` this check reads. */
export interface CliFlag {
    name: string;
    alias?: string;
    /** Flags other than booleans take the next word as their value. */
    type?: string;
}
export interface CliCommand {
    name: string;
    flags?: CliFlag[];
}
export interface CliModel {
    binary: string;
    globalFlags: CliFlag[];
    commands: CliCommand[];
}
/** Where the model lives under the content folder (files under `_` are data, not pages). */
export declare const CLI_MODEL = "_model/cli.yaml";
/** Parses the model; a malformed one is a problem of its own, reported at the model file. */
export declare function parseCliModel(raw: string): CliModel | BuildError;
/**
 * Every `<binary> <command>` in a page's shell blocks must be a command of the model, and every
 * flag one of that command's or a global one: examples must not teach commands that do not exist.
 */
export declare function cliCommandProblems(page: PageRecord, model: CliModel): BuildError[];
/** Splits a shell line into commands (at `&&`, `||`, `|`, `;`) of words, honouring quotes and comments. */
export declare function splitShell(text: string): string[][];
