import { type Backend } from './tokens.js';
export declare const shiki: Backend;
