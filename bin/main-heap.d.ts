/** Types of bin/main-heap.js (plain JavaScript: bin/ runs before anything is compiled). */
export declare const MAIN_HEAP_FLAGS: string[];
export declare function rendersPages(args: string[]): boolean;
export declare function withMainHeap(script: string, args?: string[]): Promise<void>;
