import { describe, expect, it } from 'vitest';
import { splitShell } from '../../../src/checks/cli-commands.js';
import { check, page } from './harness.js';

const MODEL = `binary: conduit
globalFlags:
  - { name: --help, alias: -h, type: boolean }
  - { name: --profile, type: string }
  - { name: --json, type: boolean }
commands:
  - name: deploy
    flags:
      - { name: --prop, alias: -p, type: string }
  - name: config get
    flags: []
  - name: login
    flags: []
`;

const bash = (code: string, lang = 'bash') => `\`\`\`${lang}\n${code}\n\`\`\``;

describe('checks/cli-commands', () => {
  it('reports a command the CLI model does not have, at its line, listing the real ones', async () => {
    const r = await check({
      'content/_model/cli.yaml': MODEL,
      'content/index.md': page('Home', bash('conduit login\nconduit deplyo ./source.mjs')),
    });
    expect(r.code).toBe(1);
    expect(r.problems).toEqual([
      expect.objectContaining({
        file: 'index.md',
        line: 8,
        message: 'unknown command "conduit deplyo"',
        fix: expect.stringContaining('deploy, config get, login'),
      }),
    ]);
  });

  it("reports a flag that is neither the command's nor a global one", async () => {
    const r = await check({
      'content/_model/cli.yaml': MODEL,
      'content/index.md': page('Home', bash('conduit deploy ./a.mjs --prop x=1 --force')),
    });
    expect(r.problems).toEqual([
      expect.objectContaining({
        line: 7,
        message: 'unknown flag "--force" for "conduit deploy"',
        fix: expect.stringContaining('its flags: --prop, -p; global: --help, -h, --profile, --json'),
      }),
    ]);
  });

  it('accepts aliases, global flags before the command, --flag=value, subcommands, groups and placeholders', async () => {
    const code = [
      '$ conduit deploy ./a.mjs -p name=x --json',
      'conduit --profile ci deploy ./a.mjs --prop=a=b \\',
      '  --help',
      'CONDUIT_PROFILE=ci conduit config get api_key && conduit config',
      'conduit <command> --help',
      'echo "conduit nonsense" | grep conduit   # not a command of the CLI',
    ].join('\n');
    const r = await check({ 'content/_model/cli.yaml': MODEL, 'content/index.md': page('Home', bash(code, 'sh')) });
    expect(r.problems).toEqual([]);
  });

  it('reads only the prompted lines of console blocks, and skips blocks marked no-check', async () => {
    const body = `${bash('$ conduit login\nconduit nonsense is output, not a command', 'console')}\n\n\`\`\`bash no-check\nconduit future-command\n\`\`\``;
    const r = await check({ 'content/_model/cli.yaml': MODEL, 'content/index.md': page('Home', body) });
    expect(r.problems).toEqual([]);
  });

  it('skips the check when there is no CLI model', async () => {
    const r = await check({ 'content/index.md': page('Home', bash('conduit anything --goes')) });
    expect(r.problems).toEqual([]);
  });

  it('reports a CLI model that does not have the expected shape', async () => {
    const r = await check({
      'content/_model/cli.yaml': 'binary: conduit\ncommands: nope\n',
      'content/index.md': page('Home'),
    });
    expect(r.problems).toEqual([
      expect.objectContaining({ file: '_model/cli.yaml', message: expect.stringContaining('must have `binary`') }),
    ]);
  });

  it('splits shell lines into commands, honouring quotes, escapes and comments', () => {
    expect(splitShell(`a "b c" 'd|e' f\\ g | h && i; j # k`)).toEqual([
      ['a', 'b c', 'd|e', 'f g'],
      ['h'],
      ['i'],
      ['j'],
    ]);
  });
});
