/** What a highlighter gives: lines of tokens, each of a kind the stylesheet colours (see highlight.ts). */
/** A run of text and the class of its token kind ('' for plain text). */
export interface Token {
    text: string;
    kind: string;
}
export interface Backend {
    /** Whether it highlights this (lower-case) language name. */
    knows(lang: string): boolean;
    names(): string[];
    lines(lang: string, code: string): Token[][];
}
/** Merges neighbouring tokens of one kind; blank runs join a neighbour, so spans stay few. */
export declare function mergeTokens(tokens: Token[]): Token[];
