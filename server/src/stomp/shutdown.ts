/** Ending connections: graceful shutdown of every socket, and refusing an upgrade on a raw socket. */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket from 'ws';
import { CloseCode } from './transport.js';

/** Close-frame reason at shutdown: clients should simply reconnect. */
export const RESTART_REASON = '서버가 다시 시작됩니다. 잠시 후 다시 연결해 주세요.';

/**
 * Closes every socket with 1012 (service restart) and resolves once all have closed; sockets
 * that have not finished the closing handshake after `timeoutMs` are terminated.
 */
export async function shutdownSockets(sockets: ReadonlySet<WebSocket>, timeoutMs: number): Promise<void> {
  const pending = [...sockets].map(
    (ws) =>
      new Promise<void>((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close(CloseCode.serviceRestart, RESTART_REASON);
      }),
  );
  const timer = setTimeout(() => {
    for (const ws of sockets) ws.terminate();
  }, timeoutMs);
  try {
    await Promise.all(pending);
  } finally {
    clearTimeout(timer);
  }
}

/** Answers an upgrade request with a plain HTTP status and closes the socket. */
export function rejectUpgrade(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
