import { type Backend } from './tokens.js';
/** highlight.js classes -> token kinds (the class of the innermost one that has a kind wins). */
export declare const HLJS_KINDS: Record<string, string>;
export declare const highlightJs: Backend;
