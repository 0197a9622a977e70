import { parentPort, workerData } from 'node:worker_threads';
import { Problems } from './errors.js';
import { runPagesHere, type PageJob, type PagesContext, type WorkerResult } from './pages.js';

/** Runs the slice of jobs it was given and posts back the results and the problems found. */
const { jobs, context } = workerData as { jobs: PageJob[]; context: PagesContext };
const problems = new Problems();
const pages = runPagesHere(jobs, context, problems);
parentPort!.postMessage({ pages, problems: problems.list.map((p) => p.toJSON()) } satisfies WorkerResult);
