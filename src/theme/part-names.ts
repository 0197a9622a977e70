/**
 * The named parts of the layout a project may replace with its own component (a file of its theme
 * folder, `theme/Footer.tsx`). Each part is rendered through `Part`, which looks the name up: the
 * override gets the part's props and the default component as `Default`, so it may wrap it.
 */
export const PART_NAMES = [
  'Banner',
  'TopBar',
  'SiteTitle',
  'SocialLinks',
  'Sidebar',
  'PageTitle',
  'LastUpdated',
  'Toc',
  'Footer',
  'NotFound',
  'SocialCard',
] as const;
export type PartName = (typeof PART_NAMES)[number];
