// The accessibility gate's work on a page, run in the page (test/helpers/axe.ts reads this file and evaluates it with
// the fast contrast check's function, test/helpers/contrast-in-page.js; plain JavaScript, as that one is). One call
// does what once took the test six to twelve round trips to the browser (each a few milliseconds of CPU on both
// sides): wait for the colour scheme, compare the view with the first, mark, run axe, unmark.
(async function axeInPage(request, fastContrast) {
  const { tags, colourRules, marks, changedMark, landmark } = request.names;
  /** Rules this axe version does not know are left out rather than failing the run. */
  const known = new Set(axe.getRules().map((r) => r.ruleId));

  /**
   * axe's WCAG rules (`all`), those that depend on colour (`colour`) or all but those (`other`), on `within` (default
   * the whole document); text contrast and links in running text first by the fast check (see axeViolations).
   */
  const run = async ({ only = 'all', within, contrast = 'fast' }) => {
    const runOnly =
      only === 'colour'
        ? { type: 'rule', values: colourRules.filter((id) => known.has(id)) }
        : { type: 'tag', values: tags };
    const off = only === 'other' ? colourRules.filter((id) => known.has(id)) : [];
    let narrowed = false;
    if (contrast === 'fast' && only !== 'other') {
      const fast = fastContrast({ mark: true, within });
      // The colour rules alone, with no element left to either: nothing for axe to judge.
      if (only === 'colour' && !fast.whole && fast.marked === 0 && fast.links?.marked === 0) return [];
      narrowed = !fast.whole;
    }
    if (narrowed)
      axe.configure({
        rules: [
          { id: 'color-contrast', selector: `[${marks[0]}]` },
          { id: 'link-in-text-block', selector: `[${marks[1]}]` },
        ],
      });
    try {
      const result = await axe.run(within ?? document, {
        runOnly,
        rules: Object.fromEntries(off.map((id) => [id, { enabled: false }])),
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        id: v.id,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      }));
    } finally {
      if (narrowed) {
        axe.reset();
        for (const mark of marks)
          for (const element of document.querySelectorAll(`[${mark}]`)) element.removeAttribute(mark);
      }
    }
  };

  if (request.run) return run(request.run);

  /**
   * What a rule that does not look at colour sees of each element, in document order: a digest of its name, box,
   * visibility and text of its own (`layout`), and one of its attributes (`attributes`).
   */
  const viewDigest = () => {
    const hash = (text) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
      return h >>> 0;
    };
    const layout = [];
    const attributes = [];
    for (const element of document.querySelectorAll('*')) {
      const r = element.getBoundingClientRect();
      const s = getComputedStyle(element);
      let own = '';
      for (const node of element.childNodes) if (node.nodeType === Node.TEXT_NODE) own += node.nodeValue;
      layout.push(
        hash(
          `${element.localName} ${r.x} ${r.y} ${r.width} ${r.height} ${s.display} ${s.visibility} ${s.opacity === '0'} ${s.contentVisibility} ${own}`,
        ),
      );
      let attrs = '';
      for (const a of element.attributes) attrs += `${a.name}=${a.value}\u0000`;
      attributes.push(hash(attrs));
    }
    return { layout, attributes };
  };

  /**
   * Sets changedMark on the landmark around each element at these places in document order (the outermost, when one
   * holds another). Returns false when a changed element is a landmark itself, or lies outside any (html, head,
   * body): then the whole page is to be judged again.
   */
  const markChanged = (places) => {
    const all = document.querySelectorAll('*');
    const around = new Set();
    for (const n of places) {
      const wrap = all[n].parentElement?.closest(landmark);
      if (!wrap || all[n].matches(landmark)) return false;
      around.add(wrap);
    }
    for (const wrap of around)
      if (![...around].some((other) => other !== wrap && other.contains(wrap))) wrap.setAttribute(changedMark, '');
    return true;
  };

  // One colour scheme of a width (axeInSchemes): the page hears of the new scheme in a rendering step, before that
  // frame's callbacks; under load the first frame may come before the scheme applies. So: wait until the page's media
  // query reports it, then for two frames, after which its listeners (the theme toggle's) have run.
  const { dark, first } = request.scheme;
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const waitingSince = performance.now();
  while (matchMedia('(prefers-color-scheme: dark)').matches !== dark) {
    // A generous ceiling on a condition, as Playwright's waits have: only a page that never switches reaches it.
    if (performance.now() - waitingSince > 180_000) throw new Error(`the page never reported dark=${dark}`);
    await frame();
  }
  await frame();
  await frame();
  const digest = viewDigest();
  const was = window.__axeFirstView;
  if (first || !was || digest.layout.length !== was.layout.length) {
    if (first) window.__axeFirstView = digest;
    return run({ only: 'all' });
  }
  const changed = [];
  for (let n = 0; n < digest.layout.length; n++)
    if (digest.layout[n] !== was.layout[n] || digest.attributes[n] !== was.attributes[n]) changed.push(n);
  if (!changed.length) return run({ only: 'colour' });
  if (!markChanged(changed)) return run({ only: 'all' });
  try {
    return [...(await run({ only: 'colour' })), ...(await run({ only: 'other', within: `[${changedMark}]` }))];
  } finally {
    for (const element of document.querySelectorAll(`[${changedMark}]`)) element.removeAttribute(changedMark);
  }
});
