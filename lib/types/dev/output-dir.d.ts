import type { OutputFile } from '../model/page.js';
/**
 * The folder the dev server serves: a temporary one, so `dev` never touches the build's output.
 * The build (src/dev/writer.ts) and the outputs made on request (src/dev/lazy-outputs.ts) write
 * their changed files into it.
 */
export declare class OutputDir {
    readonly dir: string;
    private readonly held;
    private readonly dirs;
    private constructor();
    static create(): Promise<OutputDir>;
    has(file: string): boolean;
    apply(writes: OutputFile[], removes: string[]): Promise<void>;
    remove(): Promise<void>;
}
