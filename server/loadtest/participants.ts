/**
 * Opens one `/ws` connection per member (32 at a time), spread over the nodes' endpoints
 * round-robin, each listening on its replies queue: a refusal is counted by code, a socket that
 * closes before the run stops is an error.
 */
import { inBatches, type Member } from './identity.js';
import type { Metrics } from './metrics.js';
import type { Participant } from './room-slot.js';
import { StompClient } from './stomp-client.js';

export function openParticipants(
  sockets: readonly string[],
  members: readonly Member[],
  metrics: Metrics,
  clients: StompClient[],
  stopping: () => boolean,
): Promise<Participant[]> {
  return inBatches([...members.entries()], 32, async ([i, member]) => {
    const client = await StompClient.connect(sockets[i % sockets.length]!, member.accessToken);
    clients.push(client);
    void client.closed.then(({ code }) => {
      if (!stopping()) metrics.error(`socket closed ${code}`);
    });
    await client.subscribe('/user/queue/replies', (body) => {
      const reply = body as { ok: boolean; code?: string };
      if (!reply.ok) metrics.refused(reply.code ?? 'UNKNOWN');
    });
    return { member, client };
  });
}
