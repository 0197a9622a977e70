import { readFile, readdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { fixture } from '../../helpers/site.js';
import { page, tmpSite } from '../../helpers/tmp-site.js';
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

  it('serves from a process with a larger young generation, which stops when the CLI process is killed', async () => {
    const dev = runDev([fixture('dev'), '--port', '0']);
    try {
      const url = await dev.started;
      // bin/dev-process.js: the server is a child of the CLI process, started with V8's flag.
      const server = await childOf(dev.pid);
      expect(server.cmdline).toContain('--max-semi-space-size=64');
      expect((await get(url)).status).toBe(200);
      process.kill(dev.pid, 'SIGKILL');
      await dev.exited;
      // Its server closes: requests are refused.
      await expect
        .poll(() =>
          get(url).then(
            () => 'answered',
            () => 'refused',
          ),
        )
        .toBe('refused');
      await expect.poll(() => processState(server.pid)).toBe('ended');
    } finally {
      dev.stop();
    }
  });

  it('SIGTERM to the CLI stops the server process even when the server cannot stop itself', async () => {
    // The configuration breaks the server's own exit (as code stuck in it would): the CLI kills it after a grace period.
    const site = await tmpSite({
      'docs.config.ts': 'process.exit = () => {};\nexport default {};\n',
      'content/index.md': page('Home', 'Hello.'),
    });
    const dev = runDev([site.root, '--port', '0']);
    try {
      const url = await dev.started;
      const server = await childOf(dev.pid);
      expect((await get(url)).status).toBe(200);
      process.kill(dev.pid, 'SIGTERM');
      await dev.exited;
      await expect.poll(() => processState(server.pid), { timeout: 20_000 }).toBe('ended');
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

/** The one child process of a process (Linux's /proc), with its command line. */
async function childOf(parent: number): Promise<{ pid: number; cmdline: string[] }> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== parent) continue;
    const cmdline = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).split('\0');
    return { pid: Number(entry), cmdline };
  }
  throw new Error(`process ${parent} has no child`);
}

/** Whether a process runs, has ended (a zombie not yet reaped counts as ended), or is gone. */
async function processState(pid: number): Promise<'running' | 'ended'> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z' ? 'running' : 'ended';
}
