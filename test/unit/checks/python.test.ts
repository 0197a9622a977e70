import { describe, expect, it } from 'vitest';
import { pythonProblem } from '../../../src/checks/python.js';
import { jsString, openApiMarkdown } from '../../../src/content/openapi.js';

describe('checks/python: a Python block must tokenize', () => {
  it('accepts real code: strings of every kind, brackets across lines, comments, dedents', () => {
    const code =
      'import os, requests\n\nif True:\n    x = f"a {b}" + r\'\\d\' + """multi\nline"""  # a comment with ) and "\n    y = {"k": [1, (2, 3)],\n         "z": 4}\nelse:\n    pass\nprint(x)\n';
    expect(pythonProblem(code)).toBeNull();
  });

  it.each([
    ['x = "open', 'unterminated string literal', 1, 5],
    ['x = """never closed\n', 'unterminated triple-quoted string literal', 1, 5],
    ['print((1)', '"(" was never closed', 1, 6],
    ['x = [1, 2)', 'closing ")" does not match "[" opened on line 1', 1, 10],
    ['x = 1)', 'unmatched ")"', 1, 6],
    ['if x:\n    y = 1\n  z = 2', 'unindent does not match any outer indentation level', 3, 3],
    ['x = zz"a"', 'unknown string prefix "zz"', 1, 5],
  ])('reports %j', (code, message, line, column) => {
    expect(pythonProblem(code)).toEqual({ message, line, column });
  });
});

describe('openapi: each request as a code group of curl, Node.js and Python', () => {
  const doc = {
    info: { title: 'API' },
    servers: [{ url: 'https://api.example.test/v1' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          summary: 'Create a thing',
          tags: ['Things'],
          requestBody: { content: { 'application/json': { example: { name: "it's", on: true } } } },
          responses: { '201': { description: 'Created' } },
        },
        get: {
          operationId: 'listThings',
          summary: 'List things',
          tags: ['Things'],
          responses: { '200': { description: 'OK' } },
        },
      },
    },
  };

  it('writes the three from the same operation, with the same body', () => {
    const md = openApiMarkdown(doc as never, undefined, { apiKeyVariable: 'CONDUIT_API_KEY' });
    expect(md).toContain('::: code-group\n```bash title="curl"\ncurl -X POST "https://api.example.test/v1/things"');
    expect(md).toContain(
      `\`\`\`js title="Node.js"\n// Node.js 18 or later (global fetch), as an ES module (top-level await).\nconst data = await (await fetch('https://api.example.test/v1/things', { method: 'POST', headers: { Authorization: \`Bearer \${process.env.CONDUIT_API_KEY}\`, 'Content-Type': 'application/json' }, body: ${jsString('{"name":"it\'s","on":true}')} })).json();`,
    );
    expect(md).toContain("const data = await (await fetch('https://api.example.test/v1/things', { headers: {");
    expect(md).toContain(
      '```python title="Python"\nimport os, requests\ndata = requests.post("https://api.example.test/v1/things", headers={"Authorization": "Bearer " + os.environ["CONDUIT_API_KEY"], "Content-Type": "application/json"}, data=\'{"name":"it\\\'s","on":true}\').json()',
    );
    expect(md).toContain('data = requests.get("https://api.example.test/v1/things", headers=');
    // Each Python block tokenizes.
    for (const [, code] of md.matchAll(/```python title="Python"\n([\s\S]*?)\n```/g))
      expect(pythonProblem(code)).toBeNull();
  });
});
