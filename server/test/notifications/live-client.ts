import { Client, type IMessage } from '@stomp/stompjs';
import WebSocket from 'ws';
import type { TestServer } from '../support/server.js';

/** An open tab's STOMP connection: the frames received on one destination, and the socket's close. */
export type LiveTab = {
  frames: unknown[];
  /** Resolves with the close code when the server closes the socket. */
  closed: Promise<number>;
  /** Waits until `count` frames have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<unknown[]>;
  close(): Promise<void>;
};

/** Connects to `path` with the access token like the web app does and subscribes to `destination`. */
export async function openTab(
  server: TestServer,
  token: string,
  path = '/ws/notifications',
  destination = '/user/queue/notifications',
): Promise<LiveTab> {
  const frames: unknown[] = [];
  let closedWith: (code: number) => void = () => {};
  const closed = new Promise<number>((resolve) => (closedWith = resolve));
  const client = new Client({
    webSocketFactory: () => new WebSocket(`${server.url.replace('http', 'ws')}${path}`, ['v12.stomp']),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => {},
  });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => {
      client.subscribe(destination, (m: IMessage) => frames.push(JSON.parse(m.body)));
      // A receipt makes sure the SUBSCRIBE is registered before the test goes on.
      const receipt = `sub-${Math.random()}`;
      client.watchForReceipt(receipt, () => resolve());
      client.publish({ destination: '/app/noop', headers: { receipt } });
    };
    client.onStompError = (f) => reject(new Error(`ERROR ${f.headers.code ?? ''} ${f.headers.message ?? ''}`));
    client.onWebSocketClose = (e: { code: number }) => {
      closedWith(e.code);
      reject(new Error(`closed ${e.code}`));
    };
    client.activate();
  });
  return {
    frames,
    closed,
    async waitFor(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (frames.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} live frames, got ${frames.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return frames;
    },
    close: () => client.deactivate(),
  };
}
