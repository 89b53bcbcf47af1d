import type { Session, TestServer } from '../support/server.js';
import { createRoom, Live } from '../debates/support.js';

/** Debates played to their result over the real STOMP channels, for rating tests. */
export class Arena {
  private readonly clients: Live[] = [];

  constructor(private readonly server: TestServer) {}

  private async seat(roomId: string, session: Session, side: 'pro' | 'con'): Promise<Live> {
    const live = await Live.connect(this.server, `/debate/${roomId}`, session.accessToken, { position: side });
    this.clients.push(live);
    live.subscribe(`/topic/debate/${roomId}`);
    await live.waitFor(`/topic/debate/${roomId}`, (b) => b.length >= 1);
    return live;
  }

  /**
   * A walkover: both sides seated (3:3 when each side has three), then `leavers` of the losing
   * side leave until the room ends. Returns the room id.
   */
  async walkover(winners: readonly Session[], losers: readonly Session[], leavers = 1): Promise<string> {
    const team = winners.length === 3;
    const roomId = await createRoom(this.server, winners[0]!.accessToken, team ? { memberNumber: 'T2' } : {});
    const topic = `/topic/debate/${roomId}`;
    const stay = await Promise.all(winners.map((s) => this.seat(roomId, s, 'pro')));
    const go = await Promise.all(losers.map((s) => this.seat(roomId, s, 'con')));
    await stay[0]!.waitFor(topic, (b) => b.some((x) => x.event === 'STATUS'));
    for (const live of go.slice(0, leavers)) await live.leave();
    await stay[0]!.waitFor(topic, (b) => b.some((x) => x.event === 'WIN_BY_DEFAULT'));
    return roomId;
  }

  /** A 1:1 debate that runs its turns out and is decided by one observer's vote. */
  async voted(pro: Session, con: Session, observer: Session, vote: 'PRO' | 'CON' | 'NO_POSITION'): Promise<string> {
    const roomId = await createRoom(this.server, pro.accessToken);
    const topic = `/topic/debate/${roomId}`;
    const watching = await Live.connect(this.server, `/observer/${roomId}`, observer.accessToken, { roomId });
    this.clients.push(watching);
    watching.subscribe(`/topic/observer/${roomId}`);
    const a = await this.seat(roomId, pro, 'pro');
    await this.seat(roomId, con, 'con');
    await a.waitFor(topic, (b) => b.some((x) => x.event === 'STATUS' && x.status === 'VOTING'), 30_000);
    const res = await this.server.call('PUT', `/api/debates/vote/${roomId}`, {
      token: observer.accessToken,
      json: { vote },
    });
    if (res.status >= 300) throw new Error(`vote answered ${res.status}`);
    await a.waitFor(topic, (b) => b.some((x) => x.event === 'STATUS' && x.status === 'CLOSED'), 30_000);
    return roomId;
  }

  async close(): Promise<void> {
    for (const c of this.clients) await c.client.deactivate({ force: true }).catch(() => {});
  }
}
