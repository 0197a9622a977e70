import type { IncomingMessage, ServerResponse } from 'node:http';
/**
 * The live-reload channel: Server-Sent Events to every open tab. A tab that connects gets the
 * server's id (a restarted server has a new one, so the tab reloads) and the current problems,
 * so a page loaded while the build is broken shows them at once.
 */
export declare class EventHub {
    private readonly clients;
    private readonly id;
    private current;
    private readonly heartbeat;
    constructor();
    connect(req: IncomingMessage, res: ServerResponse): void;
    /** Sends an event to every tab; a `problems` event is also kept for tabs that connect later. */
    send(event: {
        type: string;
    }): void;
    get size(): number;
    close(): void;
    private write;
}
