import { text } from './strings.js';

/**
 * The code as a reader runs it: removed lines and diff headers left out. Line numbers and diff
 * signs are generated content, and notation comments were removed at build time, so none is text.
 */
export function runnableText(code: Element): string {
  const lines = [...code.querySelectorAll(':scope > .line')];
  if (!lines.length) return code.textContent ?? '';
  return lines
    .filter((line) => !line.matches('.remove, .hunk'))
    .map((line) => line.textContent)
    .join('\n');
}

/** Copy buttons of code blocks; delegated, so blocks swapped in by the router work too. */
export function initCopyButtons(): void {
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest?.('.code-block .copy');
    if (!button) return;
    const code = button.closest('.code-block')?.querySelector('pre code');
    if (!code) return;
    try {
      await navigator.clipboard.writeText(runnableText(code));
      button.textContent = text('copy.done');
    } catch {
      button.textContent = text('copy.manual');
      const range = document.createRange();
      range.selectNodeContents(code);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
    }
    setTimeout(() => (button.textContent = text('copy.button')), 1500);
  });
}
