import type { InlineMath } from 'mdast-util-math';
import { mathFromMarkdown } from 'mdast-util-math';
import { math } from 'micromark-extension-math';
import type { Code, Construct, Effects, State, TokenizeContext } from 'micromark-util-types';
import type { Processor } from 'unified';

const DOLLAR = 36;
const BACKSLASH = 92;
const BACKTICK = 96;
/** micromark's codes below zero: end of file and the line endings (CR, LF, CRLF). */
const isEnd = (code: Code) => code === null;
const isLineEnding = (code: Code) => code !== null && code < -2;
const isSpace = (code: Code) => code === null || code < 0 || code === 32;
const isDigit = (code: Code) => code !== null && code >= 48 && code <= 57;

/**
 * Inline math by pandoc's rule, so that prices in prose stay prose: `$x^2$` opens only when a
 * non-space follows the `$`, and closes only at a `$` with a non-space before it and no digit
 * after it. Stricter than pandoc, a `$` that cannot close ends the attempt (TeX has no bare `$`
 * inside math): "From $19 to $49 a month, or $x$" is text until `$x$`; so does a backtick (a code
 * span's, as in "$errors" or `"$default"`). `$$...$$` in a paragraph
 * is display math, with no such rule. `\$` is a literal dollar, inside math too.
 */
const mathText: Construct = {
  name: 'mathText',
  previous(this: TokenizeContext, code: Code) {
    // Not right after another `$`, unless that one was escaped.
    return code !== DOLLAR || this.events[this.events.length - 1]?.[1].type === 'characterEscape';
  },
  tokenize(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
    let sizeOpen = 0;
    let size = 0;
    /** The last character of the math was not a space: a single `$` may close after it. */
    let afterNonSpace = false;
    let sequence: { type: string } | undefined;

    const sequenceOpen: State = (code) => {
      if (code === DOLLAR && sizeOpen < 2) {
        effects.consume(code);
        sizeOpen++;
        return sequenceOpen;
      }
      if (code === DOLLAR || isEnd(code) || (sizeOpen === 1 && isSpace(code))) return nok(code);
      effects.exit('mathTextSequence');
      return between(code);
    };
    const between: State = (code) => {
      if (isEnd(code)) return nok(code);
      if (isLineEnding(code)) {
        effects.enter('lineEnding');
        effects.consume(code);
        effects.exit('lineEnding');
        afterNonSpace = false;
        return between;
      }
      if (code === DOLLAR && sizeOpen === 1 && !afterNonSpace) return nok(code);
      if (code === DOLLAR) {
        sequence = effects.enter('mathTextSequence');
        size = 0;
        return sequenceClose(code);
      }
      effects.enter('mathTextData');
      return data(code);
    };
    const data: State = (code) => {
      if (isEnd(code) || isLineEnding(code) || code === DOLLAR) {
        effects.exit('mathTextData');
        return between(code);
      }
      if (code === BACKTICK && sizeOpen === 1) return nok(code);
      afterNonSpace = !isSpace(code);
      effects.consume(code);
      return code === BACKSLASH ? escaped : data;
    };
    const escaped: State = (code) => {
      if (isEnd(code) || isLineEnding(code)) return data(code);
      afterNonSpace = true;
      effects.consume(code);
      return data;
    };
    const sequenceClose: State = (code) => {
      if (code === DOLLAR) {
        effects.consume(code);
        size++;
        return sequenceClose;
      }
      if (size === sizeOpen && (sizeOpen === 2 || !isDigit(code))) {
        effects.exit('mathTextSequence');
        effects.exit('mathText');
        return ok(code);
      }
      if (sizeOpen === 1) return nok(code);
      // Not a closing sequence: the dollars are part of the display math.
      sequence!.type = 'mathTextData';
      afterNonSpace = true;
      return data(code);
    };
    return (code) => {
      effects.enter('mathText');
      effects.enter('mathTextSequence');
      return sequenceOpen(code);
    };
  },
};

/**
 * `$...$` and `$$...$$` in text and `$$` blocks as math nodes (mdast-util-math's), which
 * src/markdown/math.ts renders. Blocks are micromark-extension-math's; inline math is ours
 * (above). Inline `$$...$$` is marked for display.
 */
export default function remarkMathSyntax(this: Processor) {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push({ flow: math().flow, text: { [DOLLAR]: mathText } });
  (data.fromMarkdownExtensions ??= []).push(mathFromMarkdown(), {
    exit: {
      mathTextSequence(this: { stack: unknown[] }, token: { start: { offset: number }; end: { offset: number } }) {
        // The stack holds the node, then the buffer its value is collected in.
        const node = this.stack[this.stack.length - 2] as InlineMath | undefined;
        if (node?.type === 'inlineMath' && token.end.offset - token.start.offset === 2) {
          node.data = { ...node.data, hProperties: { className: ['language-math', 'math-display'] } };
        }
      },
    },
  });
}
