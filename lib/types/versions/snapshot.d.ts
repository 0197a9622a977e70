import type { ResolvedConfig } from '../config/index.js';
export interface Snapshot {
    dir: string;
    /** versions.json after the snapshot, newest first. */
    versions: string[];
}
export declare function snapshotVersion(config: ResolvedConfig, name: string): Snapshot;
