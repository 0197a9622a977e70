import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/outputs/headers.js';
import { nginxHeadersFile, nginxRedirectsFile } from '../../src/outputs/nginx.js';

describe('outputs/nginx', () => {
  it('writes the security headers of _headers as add_header lines, sent with every status', () => {
    const file = nginxHeadersFile({ analytics: {} });
    expect(file.path).toBe('nginx-headers.conf');
    expect(String(file.contents).split('\n').slice(1)).toEqual([
      `add_header Content-Security-Policy "${contentSecurityPolicy({ analytics: {} })}" always;`,
      'add_header X-Content-Type-Options nosniff always;',
      'add_header Referrer-Policy strict-origin-when-cross-origin always;',
      '',
    ]);
  });

  it('turns each _redirects line into an exact-match location returning its status', () => {
    const file = nginxRedirectsFile(
      '/docs/cron /docs/workflows/steps/triggers/ 301\n/docs/apps/all-apps https://conduit.example/apps 301\n',
    );
    expect(file.path).toBe('nginx-redirects.conf');
    expect(String(file.contents).split('\n').slice(1)).toEqual([
      'location = /docs/cron { return 301 /docs/workflows/steps/triggers/; }',
      'location = /docs/apps/all-apps { return 301 https://conduit.example/apps; }',
      '',
    ]);
  });

  it('quotes a path that nginx would otherwise read as syntax', () => {
    expect(String(nginxRedirectsFile('/docs/a;b /docs/{"x"}/ 301\n').contents)).toContain(
      'location = "/docs/a;b" { return 301 "/docs/{\\"x\\"}/"; }',
    );
  });
});
