import { describe, expect, it } from 'vitest';
import { check, page } from './harness.js';

const spec = (responses: string) => `openapi: 3.0.3
info:
  title: Test API
  version: "1"
paths:
  /users:
    get:
      responses:
${responses}
`;

describe('checks/openapi', () => {
  it('accepts a valid OpenAPI document', async () => {
    const r = await check({
      'content/_model/openapi.yaml': spec('        "200":\n          description: The users.'),
      'content/index.md': page('Home'),
    });
    expect(r.problems).toEqual([]);
  });

  it('reports a schema error at the line of the object it is about', async () => {
    const r = await check({
      'content/_model/openapi.yaml': spec('        "200":\n          descriptionx: The users.'),
      'content/index.md': page('Home'),
    });
    expect(r.code).toBe(1);
    expect(r.problems).toContainEqual(
      expect.objectContaining({
        file: '_model/openapi.yaml',
        line: 10,
        message:
          "invalid OpenAPI document at #/paths/~1users/get/responses/200: must have required property 'description'",
      }),
    );
    expect(r.problems).toContainEqual(
      expect.objectContaining({ message: expect.stringContaining('unknown property "descriptionx"') }),
    );
    expect(r.problems.every((p) => !/oneOf|\$ref/.test(p.message))).toBe(true);
  });

  it('reports a $ref to a schema that does not exist, at the line of the $ref', async () => {
    const r = await check({
      'content/_model/openapi.yaml': spec(
        '        "200":\n          description: The users.\n          content:\n            application/json:\n              schema:\n                $ref: \'#/components/schemas/User\'',
      ),
      'content/index.md': page('Home'),
    });
    expect(r.problems).toEqual([
      expect.objectContaining({
        file: '_model/openapi.yaml',
        line: 14,
        message: expect.stringContaining('#/components/schemas/User'),
      }),
    ]);
  });

  it('reports YAML that does not parse', async () => {
    const r = await check({
      'content/_model/openapi.yaml': 'openapi: 3.0.3\ninfo: [\n',
      'content/index.md': page('Home'),
    });
    expect(r.problems).toEqual([
      expect.objectContaining({ file: '_model/openapi.yaml', message: expect.stringContaining('does not parse') }),
    ]);
  });
});
