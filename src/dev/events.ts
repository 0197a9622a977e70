import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The live-reload channel: Server-Sent Events to every open tab. A tab that connects gets the
 * server's id (a restarted server has a new one, so the tab reloads) and the current problems,
 * so a page loaded while the build is broken shows them at once.
 */
export class EventHub {
  private readonly clients = new Set<ServerResponse>();
  private readonly id = `${process.pid}-${Date.now()}`;
  private current: unknown = null;
  private readonly heartbeat: NodeJS.Timeout;

  constructor() {
    // A comment line now and then: proxies and sleeping laptops drop silent connections.
    this.heartbeat = setInterval(() => this.write(':\n\n'), 20_000);
    this.heartbeat.unref();
  }

  connect(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'X-Content-Type-Options': 'nosniff',
    });
    res.write(`retry: 500\nevent: hello\ndata: ${JSON.stringify({ id: this.id })}\n\n`);
    if (this.current) res.write(format('problems', this.current));
    this.clients.add(res);
    req.on('close', () => this.clients.delete(res));
  }

  /** Sends an event to every tab; a `problems` event is also kept for tabs that connect later. */
  send(event: { type: string }): void {
    this.current = event.type === 'problems' ? { ...event, reload: false } : null;
    this.write(format(event.type, event));
  }

  get size(): number {
    return this.clients.size;
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private write(chunk: string): void {
    for (const res of this.clients) res.write(chunk);
  }
}

function format(type: string, data: unknown): string {
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}
