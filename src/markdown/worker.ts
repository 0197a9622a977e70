import { parentPort, workerData } from 'node:worker_threads';
import type { ResolvedConfig } from '../config.js';
import { Problems } from '../errors.js';
import type { PageSource } from '../types.js';
import { renderSlice } from './index.js';

/** Renders the slice of pages it was given and posts back the records and the problems found. */
const { config, sources } = workerData as { config: ResolvedConfig; sources: PageSource[] };
const problems = new Problems();
const pages = renderSlice(sources, config, problems);
parentPort!.postMessage({ pages, problems: problems.list.map((p) => p.toJSON()) });
