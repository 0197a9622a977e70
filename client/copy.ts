/** Copy buttons of code blocks; delegated, so blocks swapped in by the router work too. */
export function initCopyButtons(): void {
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest?.('.code-block .copy');
    if (!button) return;
    const code = button.closest('.code-block')?.querySelector('pre code');
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code.textContent ?? '');
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Press Ctrl+C';
      const range = document.createRange();
      range.selectNodeContents(code);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
    }
    setTimeout(() => (button.textContent = 'Copy'), 1500);
  });
}
