/** Types of bin/bundle.js (plain JavaScript: bin/ runs before anything is compiled). */
export declare const BUNDLE_DIR: string;
export declare function sourceKey(dir?: string): Promise<string>;
export declare function bundleKey(): Promise<string>;
export declare function cliBundle(): Promise<string>;
export declare function workerBundle(): Promise<string>;
export declare function loadCli(): Promise<typeof import('../src/cli/index.js')>;
export declare const LIB: string;
/** Whether this is an installed package: lib/ compiled, no TypeScript sources. */
export declare const INSTALLED: boolean;
export declare function precompile(): Promise<void>;
