import { parentPort, workerData } from 'node:worker_threads';
import { Problems } from '../../model/errors.js';
import { loadMdxCompiler } from '../../markdown/mdx.js';
import { packRecord } from '../page-html.js';
import { pageRunner, type PackedResult, type WorkerRequest } from '../index.js';

/** A page worker (src/pages/index.ts `PageWorkers`): says it is ready, takes the context, then runs batches. */
let run: ReturnType<typeof pageRunner> | undefined;
/** Which page this worker renders: the pool names it when the page outgrows the worker's heap. */
const current = new Int32Array((workerData as { current: SharedArrayBuffer }).current);
parentPort!.on('message', async (request: WorkerRequest) => {
  if (request.type === 'context') {
    run = pageRunner(request.context);
    return;
  }
  await loadMdxCompiler(request.jobs.filter((j) => !j.cached).map((j) => j.source));
  const problems = new Problems();
  const pages: PackedResult[] = request.jobs.map((job, i) => {
    Atomics.store(current, 0, request.start + i);
    const [page] = run!([job], problems);
    return { ...page, record: packRecord(page.record, job.source.body) };
  });
  // The HTML's bytes move to the main thread instead of being copied.
  parentPort!.postMessage(
    { type: 'done', start: request.start, pages, problems: problems.list.map((p) => p.toJSON()) },
    pages.map((page) => page.record.html.buffer as ArrayBuffer),
  );
});
parentPort!.postMessage({ type: 'ready' });
