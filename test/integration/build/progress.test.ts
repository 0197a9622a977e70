import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../../src/build/index.js';
import { loadConfig } from '../../../src/config/index.js';
import { createLogger, silentLogger } from '../../../src/build/log.js';
import { MemoryWriter } from '../../../src/write/index.js';
import { fixture } from '../../helpers/site.js';

function terminal(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('build: progress in a terminal', () => {
  it('rewrites one line as pages are rendered, once a percent, and clears it when the stage ends', () => {
    const out = terminal();
    const logger = createLogger({ verbose: true, stream: out.stream });
    for (let done = 1; done <= 400; done++) logger.progress!('pages', done, 400);
    logger.stage('pages', 1234, true);
    const text = out.text();
    expect(text.match(/\r\x1b\[K… pages \d+%/g)).toHaveLength(101); // 0% to 100%
    expect(text).toContain('… pages 50% (200 of 400)');
    expect(text).toContain('… pages 100% (400 of 400)');
    expect(text.endsWith('\r\x1b[K✓ pages 1234 ms\n')).toBe(true);
  });

  it('prints no progress where there is no terminal (CI)', () => {
    const out = terminal();
    const logger = createLogger({ verbose: false, stream: out.stream });
    logger.progress!('pages', 10, 20);
    logger.stage('pages', 5, true);
    expect(out.text()).toBe('');
  });

  it('reports the pages stage up to every page it renders', async () => {
    const calls: [string, number, number][] = [];
    const result = await buildSite(await loadConfig(fixture('basic')), new MemoryWriter(), {
      ...silentLogger,
      progress: (label, done, total) => void calls.push([label, done, total]),
    });
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.at(-1)).toEqual(['pages', result.rendered, result.rendered]);
    expect(calls.map(([, done]) => done)).toEqual([...calls.map(([, done]) => done)].sort((a, b) => a - b));
  });
});
