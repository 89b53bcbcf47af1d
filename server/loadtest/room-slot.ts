/**
 * One room slot of the load: two debaters and N observers, each on their own `/ws` connection
 * (our web client's native protocol), going through rooms one after another until the run
 * ends: the PRO debater opens a room over REST, everyone subscribes to its event stream, the
 * debaters take their seats, observers observe and chat, the speaking side talks every second
 * of its turn, and everyone votes once voting opens. A room that ended makes way for the next.
 */
import type { Member } from './identity.js';
import { createRoom } from './identity.js';
import type { Metrics } from './metrics.js';
import type { StompClient } from './stomp-client.js';

export interface Participant {
  readonly member: Member;
  readonly client: StompClient;
}

interface StreamEvent {
  readonly type: string;
  readonly at: number;
  readonly side?: 'PRO' | 'CON';
  readonly closesAt?: number;
}

const TERMINAL = new Set(['VotingClosed', 'RoomClosed', 'WonByDefault', 'ExitOverflow', 'RoomAbandoned']);
const CHAT = new Set(['Spoke', 'ObserverChatted']);
/** The send time a chat text starts with, found in the event's JSON text. */
const STAMP = /"text":"t=(\d+(?:\.\d+)?)/;
const TYPE = '"type":"';
/** An event's type, read from its JSON text without parsing it (every event carries one). */
const typeOf = (json: string): string => {
  const from = json.indexOf(TYPE) + TYPE.length;
  return json.slice(from, json.indexOf('"', from));
};
const CHOICES = ['PRO', 'CON', 'NO_POSITION'] as const;
/** How long one room may take before the slot gives up on it (counted as an error). */
const ROOM_TIMEOUT_MS = 10 * 60_000;

export class RoomSlot {
  private running = true;
  private wake: (() => void) | null = null;

  constructor(
    private readonly base: string,
    private readonly pro: Participant,
    private readonly con: Participant,
    private readonly observers: readonly Participant[],
    private readonly chatRate: number,
    private readonly metrics: Metrics,
  ) {}

  /** Runs rooms until `stop` is called; the room in progress is left where it is. */
  async run(): Promise<void> {
    // Slots start a little apart, so rooms do not all change phase in the same instant.
    await new Promise((r) => setTimeout(r, Math.random() * 3_000));
    while (this.running) {
      try {
        await this.room();
      } catch (err) {
        if (!this.running) return;
        this.metrics.error(`room: ${(err as Error).message.slice(0, 80)}`);
        await new Promise((r) => setTimeout(r, 1_000));
      }
    }
  }

  stop(): void {
    this.running = false;
    this.wake?.();
  }

  private async room(): Promise<void> {
    const roomId = await createRoom(this.base, this.pro.member.accessToken, {
      title: '부하 시험 토론',
      time: 'T3',
      speakCount: 'THREE',
      resultEnabled: true,
    });
    this.metrics.roomsOpened++;
    const everyone = [this.pro, this.con, ...this.observers];
    let turn: 'PRO' | 'CON' | null = null;
    let closesAt: number | null = null;
    let ended = false;
    let limit: NodeJS.Timeout | undefined;
    const done = new Promise<void>((resolve) => {
      this.wake = resolve;
      limit = setTimeout(resolve, ROOM_TIMEOUT_MS);
      if (!this.running) resolve(); // stopped while the room was being opened
    });
    const onEvent = (driver: boolean) => (body: string) => {
      // Everyone counts deliveries and chat latency from the text; only the driver needs the whole event.
      this.metrics.deliveries++;
      if (CHAT.has(typeOf(body))) {
        this.metrics.chatDeliveries++;
        const stamp = STAMP.exec(body)?.[1];
        if (stamp) this.metrics.latency.add(performance.now() - Number(stamp));
      }
      if (!driver) return;
      const event = JSON.parse(body) as StreamEvent;
      if (event.type === 'TurnStarted') turn = event.side ?? null;
      if (event.type === 'DebateEnded') turn = null;
      if (event.type === 'VotingOpened') {
        closesAt = event.closesAt ?? null;
        this.vote(roomId, everyone, (event.closesAt ?? event.at) - event.at);
      }
      // The server's clock is this machine's: how long after its deadline the room's result was committed and sent.
      if (event.type === 'VotingClosed' && closesAt !== null) this.metrics.resultDelay.add(Date.now() - closesAt);
      if (TERMINAL.has(event.type)) {
        ended = true;
        this.metrics.roomsEnded++;
        this.wake?.();
      }
    };
    const stream = `/topic/rooms/${roomId}/events`;
    const subs = await Promise.all(everyone.map((p, i) => p.client.subscribeText(stream, onEvent(i === 0))));
    this.pro.client.send(`/app/rooms/${roomId}/join`, { side: 'PRO' });
    this.con.client.send(`/app/rooms/${roomId}/join`, { side: 'CON' });
    for (const o of this.observers) o.client.send(`/app/rooms/${roomId}/observe`, {});

    const timers: NodeJS.Timeout[] = [];
    if (this.observers.length > 0 && this.chatRate > 0) {
      timers.push(
        setInterval(
          () => this.chat(roomId, this.observers[Math.floor(Math.random() * this.observers.length)]!, 'observer-chat'),
          1000 / this.chatRate,
        ),
      );
    }
    timers.push(setInterval(() => turn && this.chat(roomId, turn === 'PRO' ? this.pro : this.con, 'speak'), 1000));
    await done;
    clearTimeout(limit);
    for (const t of timers) clearInterval(t);
    if (!ended && this.running) this.metrics.error('room did not end in time');
    await Promise.all(
      everyone.flatMap((p, i) => (p.client.open ? [p.client.unsubscribe(subs[i]!).catch(() => undefined)] : [])),
    );
  }

  private chat(roomId: string, who: Participant, command: 'speak' | 'observer-chat'): void {
    this.metrics.chatSent++;
    who.client.send(`/app/rooms/${roomId}/${command}`, {
      text: `t=${performance.now().toFixed(3)} ${who.member.nickname}의 의견입니다`,
    });
  }

  /** Everyone votes once, at a random moment in the first half of the window (people do not all click at once). */
  private vote(roomId: string, voters: readonly Participant[], windowMs: number): void {
    for (const v of voters) {
      setTimeout(
        () => {
          if (!this.running) return;
          this.metrics.votesSent++;
          v.client.send(`/app/rooms/${roomId}/vote`, { choice: CHOICES[Math.floor(Math.random() * CHOICES.length)] });
        },
        Math.random() * windowMs * 0.5,
      );
    }
  }
}
