/**
 * The progress bar shown while a page not yet loaded is on its way (NProgress's behaviour and
 * constants: it starts at `minimum`, trickles by `trickleRate` every `trickleSpeedMs`, and every
 * change animates over `speedMs`).
 */
import { text } from './strings.js';
const minimum = __DOCS_RUNTIME__.progress.minimum;
const speedMs = __DOCS_RUNTIME__.progress.speedMs;
const trickleRate = __DOCS_RUNTIME__.progress.trickleRate;
const trickleSpeedMs = __DOCS_RUNTIME__.progress.trickleSpeedMs;

let bar: HTMLElement | undefined;
let value = 0;
/** Loads in flight: the bar finishes when the last one does. */
let active = 0;
let trickle: ReturnType<typeof setInterval> | undefined;
let hide: ReturnType<typeof setTimeout> | undefined;

function set(n: number): void {
  value = Math.min(Math.max(n, minimum), 1);
  bar!.style.transform = `scaleX(${value})`;
  bar!.setAttribute('aria-valuenow', String(Math.round(value * 100)));
}

export function startProgress(): void {
  active++;
  clearTimeout(hide);
  if (!bar) {
    bar = document.createElement('div');
    bar.className = 'progress';
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', text('progress.label'));
    bar.setAttribute('aria-valuemin', '0');
    bar.setAttribute('aria-valuemax', '100');
    bar.style.transitionDuration = `${speedMs}ms`;
    document.body.append(bar);
  }
  bar.style.opacity = '1';
  set(minimum);
  clearInterval(trickle);
  trickle = setInterval(() => set(Math.min(value + trickleRate, 0.994)), trickleSpeedMs);
}

export function doneProgress(): void {
  if (!bar || --active > 0) return;
  active = 0;
  clearInterval(trickle);
  set(1);
  // Let the bar reach the end, fade it, then take it out of the page.
  hide = setTimeout(() => {
    bar!.style.opacity = '0';
    hide = setTimeout(() => {
      bar?.remove();
      bar = undefined;
    }, speedMs);
  }, speedMs);
}
