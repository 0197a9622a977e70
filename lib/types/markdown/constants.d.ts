import type { Problems } from '../model/errors.js';
export declare function formatConstant(value: string | number): string;
/**
 * Replaces every placeholder in `text`. Replacement is textual, before Markdown is parsed, so
 * constants work in prose, code blocks, links and titles alike; lines do not move.
 */
export declare function resolveConstants(text: string, constants: Record<string, string | number>, report?: {
    problems: Problems;
    file: string;
    lineOffset: number;
}): string;
