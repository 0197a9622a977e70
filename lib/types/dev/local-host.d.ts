/**
 * Whether a request's Host header names this machine: `localhost` (and `*.localhost`), an address
 * in 127.0.0.0/8, or `[::1]`, with any port. A page on another site that makes its own name point
 * at 127.0.0.1 (DNS rebinding) sends that name, so it is refused.
 */
export declare function isLocalHost(header: string | undefined): boolean;
/** Whether a listening address is this machine only (then only local Host names are answered). */
export declare function isLoopback(address: string): boolean;
