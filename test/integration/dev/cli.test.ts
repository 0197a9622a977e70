import { readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { fixture } from '../../helpers/site.js';
import { copySite, EventStream, get, runDev } from './harness.js';

describe('cli: docs dev', () => {
  it('says the port is taken, and how to pick another, when --port is in use', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      // In this process (the next two tests spawn `docs dev`): it stops before it builds or watches anything.
      const dev = await runCli(['dev', fixture('dev'), '--port', String(port)]);
      expect(dev.code).toBe(2);
      expect(dev.stderr.trim()).toBe(
        `error: port ${port} is already in use: stop the other server or pass --port <another port>`,
      );
    } finally {
      blocker.close();
    }
  });

  // Without --host it listens on this machine only (a process of its own: the --host one is the next test's).
  it('listens on this machine only, rebuilds every page when the configuration changes, and stops cleanly on Ctrl-C', async () => {
    const site = await copySite('dev');
    const dev = runDev([site.root, '--port', '0']);
    try {
      const url = await dev.started;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/docs\/$/);
      expect(dev.output().stdout).not.toContain('listening on');
      const events = await EventStream.open(`${url}__dev/events`);
      const config = site.file('docs.config.ts');
      await writeFile(config, (await readFile(config, 'utf8')).replace("title: 'Dev Docs'", "title: 'Renamed Docs'"));
      const reload = await events.next('reload', (data) => (data.routes as string[]).length === 6);
      expect(reload.data.routes).toContain('/reference/api/');
      expect((await get(`${url}guide/`)).text).toContain('<title>Guide | Renamed Docs</title>');
      events.close();
      dev.stop();
      expect(await dev.exited).toBe(0);
    } finally {
      dev.stop();
      await site.cleanup();
    }
  });

  it('listens on every interface when --host is given', async () => {
    const all = runDev([fixture('dev'), '--port', '0', '--host']);
    try {
      await all.started;
      expect(all.output().stdout).toContain('(listening on 0.0.0.0)');
    } finally {
      all.stop();
      await all.exited;
    }
  });
});
