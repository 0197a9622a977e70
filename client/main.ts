/** The browser runtime: enhances the static HTML. Every feature is its own module. */
import { initCopyButtons } from './copy.js';
import { initTheme } from './theme.js';

document.documentElement.classList.add('js');
initTheme();
initCopyButtons();
