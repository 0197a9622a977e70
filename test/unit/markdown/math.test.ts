import { describe, expect, it } from 'vitest';
import { render } from './render.js';

const katexOf = (html: string) => html.match(/<span class="katex(?:-display)?">/g) ?? [];

describe('markdown/math', () => {
  it('renders $...$ inline and $$...$$ blocks with KaTeX at build time, with MathML for screen readers', () => {
    const { page, problems } = render('The area is $\\pi r^2$.\n\n$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$\n');
    expect(problems).toEqual([]);
    expect(page.html).toMatch(
      /<p>The area is <span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"><semantics><mrow><mi>π<\/mi>/,
    );
    expect(page.html).toContain('<span class="katex-display"><span class="katex">');
    expect(page.html).toContain(
      '<annotation encoding="application/x-tex">\\int_0^1 x\\,dx = \\frac{1}{2}</annotation>',
    );
    expect(page.features).toEqual(['math']);
  });

  it('places glyphs with classes of the page stylesheet, not style attributes (the CSP allows no inline style)', () => {
    const { page } = render('Half: $\\frac{1}{2}$ and $x^2$.');
    expect(page.html).not.toContain('style=');
    expect(page.html).toMatch(/<span class="katex-strut k[0-9a-f]{6}">/);
    const rules = page.css.trim().split('\n');
    expect(rules.length).toBeGreaterThan(3);
    for (const rule of rules)
      expect(rule).toMatch(/^\.k[0-9a-f]{6}\{[a-z-]+:[^;{}]+!important(;[a-z-]+:[^;{}]+!important)*\}$/);
    for (const name of page.html.match(/\bk[0-9a-f]{6}\b/g)!) expect(page.css).toContain(`.${name}{`);
  });

  it('renders ```math fences and inline $$...$$ as display math', () => {
    const { page } = render('```math\na^2 + b^2\n```\n\nSee $$e^{i\\pi}$$ here.');
    expect(page.html.match(/<span class="katex-display">/g)).toHaveLength(2);
    expect(page.html).not.toContain('code-block');
  });

  it('leaves prices and other dollars in prose as text (pandoc rule, and a $ that cannot close ends the math)', () => {
    const prose = [
      'Plans cost $19 to $49 a month.',
      'From $20,000 and $30,000 up.',
      'Pro is $19 (or $190/year), overage $5-$10.',
      'The "$errors" events and `"$default"` ones.',
      'A literal \\$5 and US$5 too.',
      'Ends with a $ sign.',
    ];
    const { page, problems } = render(prose.join('\n\n'));
    expect(problems).toEqual([]);
    expect(katexOf(page.html)).toEqual([]);
    expect(page.html).toContain('<p>Plans cost $19 to $49 a month.</p>');
    expect(page.html).toContain('<p>Pro is $19 (or $190/year), overage $5-$10.</p>');
    expect(page.html).toContain('<p>A literal $5 and US$5 too.</p>');
    expect(page.features).toEqual([]);
  });

  it('still finds math after prices in the same paragraph, and an escaped dollar inside math', () => {
    const { page } = render('Costs $19 a month; the rate is $r = \\$5/h$.');
    expect(page.html).toContain('<p>Costs $19 a month; the rate is <span class="katex">');
    expect(page.html).toContain('<annotation encoding="application/x-tex">r = \\$5/h</annotation>');
  });

  it('fails on invalid math with the file line, once', () => {
    const { problems } = render('Fine.\n\nBroken $\\frac{1}{$ here.\n\n```math\n\\left(\n```\n');
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /^guide\/page\.md:7:8 {2}invalid math: Unexpected end of input in a macro argument, expected '\}'/,
    );
    expect(problems[1]).toMatch(/^guide\/page\.md:9:1 {2}invalid math: /);
  });
});

describe('markdown/math in search text', () => {
  it("keeps each formula's TeX in its section's text, inline and display", () => {
    const { page } = render(
      'Intro.\n\n## Identity\n\nEuler wrote $e^{i\\pi} + 1 = 0$ once.\n\n```math\na^2 + b^2 = c^2\n```\n\nThe end.',
    );
    const section = page.sections.find((s) => s.slug === 'identity')!;
    expect(section.text).toBe('Euler wrote e^{i\\pi} + 1 = 0 once. a^2 + b^2 = c^2 The end.');
  });
});
