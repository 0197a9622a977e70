/**
 * A Python code block must tokenize: strings closed (single, double, triple-quoted, with prefixes
 * such as f or rb), brackets balanced and matched, and each dedent back to an indentation level
 * already open, as Python's own tokenizer requires. No interpreter is needed at build time.
 * Returns the first problem with its line and column in the block (1-based), or null.
 */
export function pythonProblem(code: string): { message: string; line: number; column: number } | null {
  const stack: { char: string; line: number; column: number }[] = [];
  const indents = [0];
  const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  let line = 1;
  let lineStart = 0;
  let atLineStart = true;
  let continued = false; // a backslash at the end of the previous line
  for (let i = 0; i < code.length; i++) {
    const ch = code[i];
    if (atLineStart) {
      atLineStart = false;
      // Indentation matters only for logical lines that start outside brackets and continuations.
      let j = i;
      while (code[j] === ' ' || code[j] === '\t') j++;
      const blank =
        code[j] === '\n' || code[j] === '#' || j >= code.length || (code[j] === '\r' && code[j + 1] === '\n');
      if (!blank && !stack.length && !continued) {
        const width = code.slice(i, j).replace(/\t/g, '        ').length;
        if (width > indents[indents.length - 1]) indents.push(width);
        else {
          while (width < indents[indents.length - 1]) indents.pop();
          if (width !== indents[indents.length - 1])
            return { message: 'unindent does not match any outer indentation level', line, column: j - i + 1 };
        }
      }
      continued = false;
      i = j - 1;
      continue;
    }
    if (ch === '\n') {
      line++;
      lineStart = i + 1;
      atLineStart = true;
      continue;
    }
    if (ch === '\\' && code[i + 1] === '\n') {
      continued = true;
      i++;
      line++;
      lineStart = i + 1;
      atLineStart = true;
      continue;
    }
    if (ch === '#') {
      while (i + 1 < code.length && code[i + 1] !== '\n') i++;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const prefix = /[A-Za-z]*$/.exec(code.slice(lineStart, i))![0];
      if (prefix && !/^(?:[rRuUbBfF]|[rR][bBfF]|[bBfF][rR])$/.test(prefix))
        return { message: `unknown string prefix "${prefix}"`, line, column: i - lineStart - prefix.length + 1 };
      const raw = /r/i.test(prefix);
      const quote = code.startsWith(ch.repeat(3), i) ? ch.repeat(3) : ch;
      const start = { line, column: i - lineStart + 1 };
      let j = i + quote.length;
      for (;;) {
        if (j >= code.length || (quote.length === 1 && code[j] === '\n'))
          return { message: `unterminated ${quote.length === 3 ? 'triple-quoted ' : ''}string literal`, ...start };
        if (code[j] === '\\' && !raw) j += 2;
        else if (code[j] === '\\' && raw)
          j += 2; // a raw string still cannot end in an odd backslash before its quote
        else if (code.startsWith(quote, j)) break;
        else j++;
      }
      for (let k = i; k < j; k++)
        if (code[k] === '\n') {
          line++;
          lineStart = k + 1;
        }
      i = j + quote.length - 1;
      continue;
    }
    if (ch === '(' || ch === '[' || ch === '{') stack.push({ char: ch, line, column: i - lineStart + 1 });
    else if (ch === ')' || ch === ']' || ch === '}') {
      const open = stack.pop();
      if (!open) return { message: `unmatched "${ch}"`, line, column: i - lineStart + 1 };
      if (open.char !== PAIRS[ch])
        return {
          message: `closing "${ch}" does not match "${open.char}" opened on line ${open.line}`,
          line,
          column: i - lineStart + 1,
        };
    }
  }
  const open = stack.pop();
  return open ? { message: `"${open.char}" was never closed`, line: open.line, column: open.column } : null;
}
