import type { createLowlight as CreateLowlight } from 'lowlight';
export declare const createLowlight: typeof CreateLowlight;
export declare const common: Record<string, import("highlight.js").LanguageFn>;
