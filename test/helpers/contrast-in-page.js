// The accessibility gate's fast contrast check, run in the page (test/helpers/contrast.ts reads this file and
// evaluates it; plain JavaScript so that it reaches the page exactly as written, with no transpiler's helpers).
//
// It passes a text element only when its colours are certain from computed styles alone: solid text colour, no
// text shadow or stroke, an opaque background colour on its ancestor chain with nothing on the way that blends,
// filters, fades or paints an image, and no other painted box over any of its text. Every other element, and
// every element whose contrast it finds too low, is marked for axe's own color-contrast rule, which then
// judges it exactly as it judges a whole page. The thresholds and the luminance are axe-core's (4.x).
(function fastContrast(options) {
  const MARK = 'data-contrast-axe';
  const root = options.within ? document.querySelector(options.within) : document.documentElement;
  const styles = new Map();
  const style = (element) => {
    let found = styles.get(element);
    if (!found) styles.set(element, (found = getComputedStyle(element)));
    return found;
  };
  const rgb = (text) => {
    const m = /^rgba?\((\d+(?:\.\d+)?), (\d+(?:\.\d+)?), (\d+(?:\.\d+)?)(?:, (\d*(?:\.\d+)?))?\)$/.exec(text);
    return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
  };
  const channel = (v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  };
  const luminance = (c) => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const TEXTLESS_INPUTS = ['hidden', 'range', 'color', 'checkbox', 'radio', 'image'];
  const GRAPHIC = new Set(['IMG', 'CANVAS', 'OBJECT', 'IFRAME', 'VIDEO', 'EMBED', 'svg']);
  /** Whether the element's own box changes what lies under or in front of text beyond a plain colour. */
  const effects = (s) =>
    s.opacity !== '1' ||
    s.filter !== 'none' ||
    s.backdropFilter !== 'none' ||
    s.mixBlendMode !== 'normal' ||
    s.backgroundImage !== 'none' ||
    s.maskImage !== 'none';

  /**
   * What the check reads of an element's computed style, read once: a text element's walk up to its background and
   * its clip passes the same ancestors as its neighbours' (a computed style's property is computed again on each read).
   */
  const factsOf = new Map();
  const facts = (element) => {
    let found = factsOf.get(element);
    if (!found) {
      const s = style(element);
      found = {
        visible: s.visibility === 'visible',
        opacity0: s.opacity === '0',
        effects: effects(s),
        bg: rgb(s.backgroundColor),
        overflowX: s.overflowX !== 'visible',
        overflowY: s.overflowY !== 'visible',
        escapes: s.position === 'absolute' || s.position === 'fixed',
      };
      factsOf.set(element, found);
    }
    return found;
  };

  const all = [...root.querySelectorAll('*')];
  if (root !== document.documentElement) all.unshift(root);
  // Shadow trees are beyond this check's walk: axe's rule judges the whole page then.
  if (all.some((e) => e.shadowRoot))
    return { passed: 0, marked: 0, failing: [], reasons: { 'shadow DOM': 1 }, whole: true, links: null };

  // Every box that paints something of its own: under another element's text it may change the background. An
  // inline box that wraps paints one fragment a line (its client rects), not the rectangle around them all.
  /** The rectangle around a list of rectangles: most painters are far from a text, and one comparison says so. */
  const around = (rects) => ({
    left: Math.min(...rects.map((r) => r.left)),
    top: Math.min(...rects.map((r) => r.top)),
    right: Math.max(...rects.map((r) => r.right)),
    bottom: Math.max(...rects.map((r) => r.bottom)),
  });
  // Plain objects: a DOMRect's sides are read through the DOM's bindings, and every text element meets every painter.
  const painters = [];
  for (const element of document.querySelectorAll('*')) {
    const f = facts(element);
    if (!f.visible || f.opacity0) continue;
    if (GRAPHIC.has(element.nodeName) || f.effects || !f.bg || f.bg[3] > 0) {
      const rects = [];
      for (const r of element.getClientRects())
        if (r.width > 0 && r.height > 0) rects.push({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
      if (rects.length) painters.push({ element, rects, box: around(rects) });
    }
  }
  const overlaps = (a, b) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;

  /**
   * The part of the screen where the element's text can show: its own and its ancestors' overflow clip it (a title cut
   * short with an ellipsis does not run on under the buttons beside it). The walk stops at an element positioned
   * absolute or fixed, which may escape the clips above it: the area is then larger than what shows, never smaller.
   */
  const NO_CLIP = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
  const clips = new Map();
  const clipOf = (element) => {
    if (!element) return NO_CLIP;
    let clip = clips.get(element);
    if (!clip) {
      const f = facts(element);
      // Its own overflow's clip within the one it inherits (none past an element positioned absolute or fixed).
      clip = { ...(f.escapes ? NO_CLIP : clipOf(element.parentElement)) };
      if (f.overflowX || f.overflowY) {
        const r = element.getBoundingClientRect();
        if (f.overflowX) [clip.left, clip.right] = [Math.max(clip.left, r.left), Math.min(clip.right, r.right)];
        if (f.overflowY) [clip.top, clip.bottom] = [Math.max(clip.top, r.top), Math.min(clip.bottom, r.bottom)];
      }
      clips.set(element, clip);
    }
    return clip;
  };
  const clipped = (rect, clip) => ({
    left: Math.max(rect.left, clip.left),
    top: Math.max(rect.top, clip.top),
    right: Math.min(rect.right, clip.right),
    bottom: Math.min(rect.bottom, clip.bottom),
  });

  /**
   * The opaque colour behind an element's text, from it up through its ancestors, or why there is none to judge by
   * (a string). Kept for each element: its children's walks pass through it again.
   */
  const backgrounds = new Map();
  const backgroundOf = (element) => {
    if (!element) return 'no background';
    let found = backgrounds.get(element);
    if (found === undefined) {
      const f = facts(element);
      // Fully transparent (a heading's anchor until hovered): axe counts it hidden, which passes.
      if (f.opacity0) found = 'invisible';
      else if (f.effects) found = 'effect on the way';
      else if (!f.bg) found = 'colour syntax';
      else if (f.bg[3] === 0) found = backgroundOf(element.parentElement);
      else if (f.bg[3] !== 1) found = 'translucent background';
      else found = f.bg;
      backgrounds.set(element, found);
    }
    return found;
  };

  /** The verdict on one element with text of its own: a number (its contrast, judged here) or why axe must judge it. */
  const judge = (element, rects) => {
    if (!(element instanceof HTMLElement)) return 'not HTML';
    const s = style(element);
    if (s.textShadow !== 'none') return 'text shadow';
    if (parseFloat(s.webkitTextStrokeWidth) !== 0) return 'text stroke';
    const fg = rgb(s.webkitTextFillColor || s.color);
    if (!fg) return 'colour syntax';
    const bg = backgroundOf(element);
    if (typeof bg === 'string') return bg;
    const clip = clipOf(element);
    const shown = rects.map((t) => clipped(t, clip));
    const box = around(shown);
    for (const { element: p, rects: painted, box: paintedBox } of painters)
      if (overlaps(box, paintedBox) && shown.some((t) => painted.some((r) => overlaps(t, r))) && !p.contains(element)) {
        if (options.record) element.__over = p;
        return 'overlap';
      }
    const text = fg[3] === 1 ? fg : [0, 1, 2].map((i) => Math.round(fg[3] * fg[i] + (1 - fg[3]) * bg[i]));
    return ratio(text, bg);
  };

  const range = document.createRange();
  let passed = 0;
  const marked = [];
  const failing = [];
  const reasons = {};
  for (const element of all) {
    // Inputs that show no text are outside axe's rule (its color-contrast-matches): nothing to judge, as text-less elements.
    if (element.nodeName === 'INPUT' && TEXTLESS_INPUTS.includes(element.type)) continue;
    if (/^(INPUT|SELECT|TEXTAREA)$/.test(element.nodeName)) {
      marked.push(element);
      if (options.record) element.__why = 'form control';
      continue;
    }
    const rects = [];
    for (const node of element.childNodes)
      if (node.nodeType === Node.TEXT_NODE && node.nodeValue.trim()) {
        range.selectNodeContents(node);
        rects.push(...range.getClientRects());
      }
    if (!rects.length) continue; // no text of its own on screen: axe's color-contrast does not apply either
    const verdict = judge(element, rects);
    if (verdict === 'invisible') {
      passed++;
      if (options.record) element.__contrast = verdict;
      continue;
    }
    if (typeof verdict !== 'number') {
      reasons[verdict] = (reasons[verdict] ?? 0) + 1;
      marked.push(element);
      if (options.record) element.__why = verdict;
      continue;
    }
    const s = style(element);
    const size = parseFloat(s.fontSize);
    const bold = parseFloat(s.fontWeight) >= 700 || s.fontWeight === 'bold';
    const points = Math.ceil(size * 72) / 96;
    const expected = (bold ? points < 14 : points < 18) ? 4.5 : 3;
    // A margin over the threshold: a ratio this close is left to axe's own arithmetic.
    if (verdict > expected * 1.01) {
      passed++;
      if (options.record) element.__contrast = verdict;
    } else {
      failing.push(element);
      marked.push(element);
      if (options.record) element.__why = verdict > expected ? 'within 1% of the threshold' : 'below the threshold';
    }
  }
  if (options.mark) for (const element of marked) element.setAttribute(MARK, '');
  if (options.record) for (const element of marked) element.__contrast = 'axe';

  // Links in running text (axe's link-in-text-block): a link whose own style sets it apart from its block's text
  // passes that rule whatever its colour (axe's link-in-text-block-style check, "any" of the two); the same
  // comparisons as axe's, and every other link left to axe's rule.
  const LINK_MARK = 'data-link-axe';
  const BLOCK = ['block', 'list-item', 'table', 'flex', 'grid', 'inline-block'];
  const isBlock = (element) => {
    const display = style(element).display;
    return BLOCK.includes(display) || display.startsWith('table-');
  };
  const firstFont = (s) => s.fontFamily.split(/[,;]/)[0].trim().toLowerCase();
  const distinct = (link) => {
    if (isBlock(link)) return false;
    let block = link.parentElement;
    while (block && !isBlock(block)) block = block.parentElement;
    if (!block) return false;
    const s = style(link);
    const b = style(block);
    if (s.backgroundImage !== 'none') return true;
    for (const edge of ['borderBottom', 'borderTop', 'outline']) {
      const colour = rgb(s[`${edge}Color`]);
      if (s[`${edge}Style`] !== 'none' && parseFloat(s[`${edge}Width`]) > 0 && colour && colour[3] !== 0) return true;
    }
    if (firstFont(s) !== firstFont(b)) return true;
    return ['textDecorationLine', 'textDecorationStyle', 'fontWeight', 'fontStyle', 'fontSize'].some(
      (property) => s[property] !== b[property],
    );
  };
  // The rule judges only a link inline in a block that holds more text than its links (axe's isInTextBlock, with
  // its own list of block displays): a link that is a box itself, or whose block has no more text around it than
  // the link's own, is outside it. The text around is counted generously (all of the block's but the link's), so
  // that a link axe would judge is never left out.
  const AXE_BLOCK = ['block', 'list-item', 'table', 'flex', 'grid'];
  const AXE_INLINE_BLOCK = ['inline-block', 'inline-flex', 'inline-grid'];
  const axeBlock = (display) => AXE_BLOCK.includes(display) || display.startsWith('table-');
  const squeeze = (text) => text.replace(/\s+/g, ' ').trim();
  const outsideRule = (link) => {
    const display = style(link).display;
    if (axeBlock(display) || AXE_INLINE_BLOCK.includes(display)) return true;
    // Fully transparent (a heading's anchor until hovered): not on screen for axe, which judges only what is.
    for (let a = link; a; a = a.parentElement) if (facts(a).opacity0) return true;
    let block = link.parentElement;
    while (block && !axeBlock(style(block).display)) block = block.parentElement;
    if (!block) return false;
    let around = '';
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (!link.contains(node)) around += node.nodeValue;
    return squeeze(around).length <= squeeze(link.textContent).length;
  };
  const links = [...root.querySelectorAll('a[href], [role=link]')];
  if (root.matches('a[href], [role=link]')) links.unshift(root);
  const verdicts = new Map(
    links.map((link) => [link, distinct(link) ? 'distinct' : outsideRule(link) ? 'outside' : 'axe']),
  );
  const plainLinks = links.filter((link) => verdicts.get(link) === 'axe');
  if (options.mark) for (const link of plainLinks) link.setAttribute(LINK_MARK, '');
  if (options.record) for (const link of links) link.__link = verdicts.get(link);
  return {
    passed,
    marked: marked.length,
    failing: failing.map((e) => e.outerHTML.slice(0, 120)),
    reasons,
    whole: false,
    links: { distinct: links.filter((link) => verdicts.get(link) === 'distinct').length, marked: plainLinks.length },
  };
});
