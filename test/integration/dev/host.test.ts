import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../helpers/site.js';
import { startDev } from './harness.js';

/** One request to 127.0.0.1 with the Host header and method given (fetch cannot set Host). */
function request(
  port: number,
  target: string,
  host: string,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method, headers: { Host: host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      // The event stream never ends: its status and headers are the answer.
      if (res.headers['content-type']?.startsWith('text/event-stream')) {
        req.destroy();
        resolve({ status: res.statusCode!, headers: res.headers, text });
      }
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** DNS rebinding: a hostile page whose own name points at 127.0.0.1 must not read the dev site. */
describe('dev server: who may ask', () => {
  let local: Awaited<ReturnType<typeof startDev>>;
  let everywhere: Awaited<ReturnType<typeof startDev>>;
  beforeAll(async () => {
    local = await startDev(fixture('dev'), { watchLayout: false });
    everywhere = await startDev(fixture('dev'), { watchLayout: false, host: '0.0.0.0' });
  });
  afterAll(async () => {
    await local?.close();
    await everywhere?.close();
  });

  it('answers requests addressed to this machine by any of its local names', async () => {
    for (const host of [
      `localhost:${local.port}`,
      `127.0.0.1:${local.port}`,
      `[::1]:${local.port}`,
      `docs.localhost:${local.port}`,
      'LOCALHOST',
      'localhost.',
    ]) {
      const reply = await request(local.port, '/docs/guide/install/', host);
      expect(reply.status, host).toBe(200);
    }
  });

  it('refuses any other Host with 403 and says how to allow it, for pages and the event stream alike', async () => {
    for (const host of [
      `evil.example:${local.port}`,
      'evil.example',
      'localhost.evil.example',
      '127.0.0.1.nip.io',
      `192.168.1.20:${local.port}`,
      '[::2]',
    ]) {
      for (const target of ['/docs/guide/install/', '/docs/__dev/events', '/docs/__dev/client.js', '/docs/search/']) {
        const reply = await request(local.port, target, host);
        expect(reply.status, `${host} ${target}`).toBe(403);
        expect(reply.text).toContain('--host');
        expect(reply.text).not.toContain('<h1');
      }
    }
  });

  it('answers any Host when started with --host (listening beyond this machine)', async () => {
    expect((await request(everywhere.port, '/docs/guide/install/', 'docs.example.com')).status).toBe(200);
  });

  it('answers a request target that is not a URL with 400', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(local.port, '127.0.0.1', () =>
        socket.end('GET http://[::1/docs/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('opens the event stream with GET only', async () => {
    const stream = await request(local.port, '/docs/__dev/events', `localhost:${local.port}`);
    expect([stream.status, stream.headers['content-type']]).toEqual([200, 'text/event-stream; charset=utf-8']);
    for (const method of ['POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']) {
      const reply = await request(local.port, '/docs/__dev/events', `localhost:${local.port}`, method);
      expect(reply.status, method).toBe(405);
      expect(reply.headers.allow).toBe('GET');
    }
  });
});
