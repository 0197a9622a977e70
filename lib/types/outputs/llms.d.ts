import type { Plugin } from '../plugins/types.js';
/** llms.txt and llms-full.txt, through the plugin API (src/plugins/builtin.ts). */
export declare const llmsPlugin: Plugin;
