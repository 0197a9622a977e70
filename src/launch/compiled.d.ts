/** Types of src/launch/compiled.js (plain JavaScript: bin/docs.js runs it before anything is compiled). */
export declare const BUNDLE_DIR: string;
export declare function sourceKey(dir?: string): Promise<string>;
/** The one key of the generator's own files and packages: any change to them makes new compiled files and caches. */
export declare function generatorKey(): Promise<string>;
export declare function cliBundle(): Promise<string>;
export declare function workerBundle(): Promise<string>;
export declare function statThreadBundle(): Promise<string>;
export declare function loadCli(): Promise<typeof import('../cli/index.js')>;
export declare const LIB: string;
/** Whether this is an installed package: lib/ compiled, no TypeScript sources. */
export declare const INSTALLED: boolean;
export declare function precompile(): Promise<void>;
