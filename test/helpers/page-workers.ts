import { Problems } from '../../src/model/errors.js';
import { type PageJob, type PageResult, type PagesContext, PageWorkers } from '../../src/pages/index.js';

/**
 * Renders every job in page workers only, in batches of `batch`: runPages also renders in this thread
 * while the workers load their code, so a test of the workers through it could pass with the workers
 * rendering nothing. Returns the results in the jobs' order.
 */
export async function renderInWorkers(
  jobs: PageJob[],
  context: PagesContext,
  options: { workers: number; batch: number; problems?: Problems },
): Promise<PageResult[]> {
  const workers = await PageWorkers.start({ workers: options.workers, mainRenders: false });
  if (!workers) throw new Error('no page workers could start (the worker bundle was not written)');
  const results: PageResult[] = [];
  let next = 0;
  const take = (): [number, number] | null => {
    if (next >= jobs.length) return null;
    const start = next;
    next = Math.min(jobs.length, next + options.batch);
    return [start, next];
  };
  const place = (start: number, pages: PageResult[]) => pages.forEach((page, i) => (results[start + i] = page));
  await workers.serve(jobs, context, take, place, options.problems ?? new Problems()).finally(() => workers.close());
  if (results.filter(Boolean).length !== jobs.length) throw new Error('the workers left pages unrendered');
  return results;
}
