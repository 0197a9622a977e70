import type { Root } from 'mdast';
import type { VFile } from 'vfile';
export declare const CALLOUT_KINDS: {
    readonly tip: 'Tip';
    readonly info: 'Info';
    readonly note: 'Note';
    readonly warning: 'Warning';
    readonly danger: 'Danger';
    readonly details: 'Details';
};
/**
 * `::: tip Title` ... `:::` becomes an `aside` callout (`details` becomes a disclosure).
 * remark-directive also reads `:word` in prose as a directive; those go back to plain text.
 */
export default function remarkCallouts(): (tree: Root, file: VFile) => void;
