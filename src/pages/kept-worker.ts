import type { ResolvedConfig } from '../config/schema.js';
import { PageWorkers, type KeptWorkers } from './index.js';

type Kept = { config: ResolvedConfig; workers: Promise<PageWorkers | undefined> };

/**
 * The page worker `dev` keeps from one build to the next for its MDX pages (src/pages/index.ts `runPages`
 * renders them in a worker, whose heap `limits.heapMb` bounds): a worker started for each save cost the
 * save 0.3-0.5 s of start-up and cold code. Each build sends the worker its context (the configuration and
 * the layout) again, so it renders with what the build has. A new worker replaces it when it has stopped (a
 * page outgrew its heap: the next save renders in a fresh one), for another configuration (`limits.heapMb`
 * is fixed when a worker starts), and after `retire` (`dev` loaded the generator's layout code again).
 */
export class KeptPageWorker implements KeptWorkers {
  private kept?: Kept;
  private closed = false;

  /**
   * The kept worker for this configuration, started if there is none alive; none where workers cannot run, or
   * once closed (a build still under way then renders its MDX pages in its own thread).
   */
  get(config: ResolvedConfig): Promise<PageWorkers | undefined> {
    if (this.closed) return Promise.resolve(undefined);
    const kept = this.kept;
    if (kept?.config !== config) return this.replace(kept, config);
    return kept.workers.then(
      (workers) => (workers?.alive ? workers : this.replace(kept, config)),
      () => this.replace(kept, config),
    );
  }

  /** Starts a worker in place of `old`, unless another call has replaced it meanwhile (then that one's is used). */
  private replace(old: Kept | undefined, config: ResolvedConfig): Promise<PageWorkers | undefined> {
    if (this.kept !== old) return this.get(config);
    const workers = PageWorkers.start({ workers: 1, mainRenders: true }, config.limits.heapMb);
    this.kept = { config, workers };
    void end(old);
    return workers;
  }

  /** Ends the kept worker: the next build that needs one starts it afresh. */
  retire(): Promise<void> {
    const old = this.kept;
    this.kept = undefined;
    return end(old);
  }

  /** Ends the kept worker for good (`dev` stops): a build under way loses it, and no other starts. */
  close(): Promise<void> {
    this.closed = true;
    return this.retire();
  }
}

function end(kept: Kept | undefined): Promise<void> {
  return kept ? kept.workers.then((workers) => workers?.close()).catch(() => {}) : Promise.resolve();
}
