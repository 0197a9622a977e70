/** The accessibility gate's fast contrast check (the page side is test/helpers/contrast-in-page.js). */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** An expression: the file's one function (a formatter may end it with a semicolon). */
export const CONTRAST_IN_PAGE = readFileSync(new URL('./contrast-in-page.js', import.meta.url), 'utf8')
  .trim()
  .replace(/;$/, '');

/** The attributes that hand an element to axe's own color-contrast rule, and a link to its link-in-text-block rule. */
export const AXE_CONTRAST_MARK = 'data-contrast-axe';
export const AXE_LINK_MARK = 'data-link-axe';

export interface FastContrast {
  /** Elements whose contrast the fast check computed and found enough. */
  passed: number;
  /** Elements left to axe's color-contrast rule (those it could not decide, and those below the threshold). */
  marked: number;
  /** The start of each element's markup that the fast check found below the threshold (axe then judges it). */
  failing: string[];
  /** Why elements went to axe, and how many for each reason. */
  reasons: Record<string, number>;
  /** The page is beyond the fast check (it has shadow trees): axe's color-contrast rule must judge all of it. */
  whole: boolean;
  /** Links set apart from their block's text by their own style (they pass link-in-text-block), and links left to axe. */
  links: { distinct: number; marked: number } | null;
}

/**
 * Runs the fast check on the page (on `within`, default the whole document). `mark` sets AXE_CONTRAST_MARK on
 * the elements left to axe; `record` leaves each element's verdict on it (`__contrast`, for the proof script).
 */
export function fastContrast(
  page: Page,
  options: { mark?: boolean; record?: boolean; within?: string } = {},
): Promise<FastContrast> {
  return page.evaluate(`(${CONTRAST_IN_PAGE})(${JSON.stringify(options)})`) as Promise<FastContrast>;
}
