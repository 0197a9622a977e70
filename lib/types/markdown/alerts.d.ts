import type { Root } from 'mdast';
/**
 * GitHub-style alerts: a quote whose first line is `[!NOTE]` (or TIP, IMPORTANT, WARNING,
 * CAUTION) becomes the matching callout, so a README's alerts read the same on the site.
 */
export default function remarkAlerts(): (tree: Root) => void;
