/**
 * Writers use VitePress's `::: tip Optional title`; remark-directive reads `:::tip[Optional title]`.
 * Rewrites the opening lines outside fenced code, keeping every line where it was.
 */
export declare function normalizeContainers(markdown: string): string;
