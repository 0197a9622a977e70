import * as esbuild from 'esbuild';
import type { ResolvedConfig } from '../config/index.js';
import type { OutputFile } from '../model/page.js';
/** What esbuild is asked, beside the client folder's files: everything else that shapes the bundle. */
export interface ClientBundleRequest {
    clientDir: string;
    /** The options esbuild gets, plain data (entry points in the client folder). */
    options: Omit<esbuild.BuildOptions, 'entryPoints'> & {
        write: false;
        entryPoints: Record<string, string>;
    };
    /** Keyed by their names: their code is the generator's, which the key covers. */
    plugins: esbuild.Plugin[];
}
/**
 * esbuild's output files for the request, paths relative to the client folder's parent (esbuild's working folder).
 * The key covers every file of the client folder (name and bytes), the options, the generator's code and its
 * packages' lockfile (KaTeX's stylesheet and fonts come from node_modules), so an edit to any of them makes a new
 * bundle.
 */
export declare function clientBundle(config: Pick<ResolvedConfig, 'root'>, request: ClientBundleRequest): Promise<OutputFile[]>;
