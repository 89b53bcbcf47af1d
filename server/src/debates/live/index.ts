/**
 * Live debates over STOMP: wires the endpoints (legacy `/debate/{roomId}`, `/observer/{roomId}`,
 * `/room-list/filtered`, native `/ws`) onto the HTTP server's upgrades, starts running the rooms
 * this node owns (see cluster/), and shuts down gracefully.
 */
import { ROOM_LIST_REQUEST, ROOM_LIST_TOPIC, STOMP_ENDPOINTS } from '@toron/engine';
import type { AppDeps } from '../../deps.js';
import { forwardCommands } from '../../cluster/forwarding/forwarder.js';
import { attachStomp, pathRouter, type RoutedEndpoint, type Session, type StompServer } from '../../stomp/index.js';
import { userRoomGate } from '../room-limits.js';
import { AbsenteeSweeps } from './absentees.js';
import { legacyChannels } from './legacy-channels.js';
import { nativeChannel } from './native-channel.js';
import { liveAuthenticator, type LivePrincipal } from './principal.js';
import { RoomFeeds } from './room-feeds.js';
import { RoomPresence } from './room-presence.js';
import { sharedPresence } from './shared-presence.js';
import { RoomListFeed } from './room-list-feed.js';
import { SharedRoomList } from './shared-room-list.js';
import { StanceBoards } from './stance-boards.js';
import { filterOf } from './room-list-snapshot.js';

type Endpoint = RoutedEndpoint<'debate' | 'observer' | 'roomList' | 'native'>;
type LiveSession = Session<LivePrincipal, Endpoint>;

const route = pathRouter({
  debate: STOMP_ENDPOINTS.debate,
  observer: STOMP_ENDPOINTS.observer,
  roomList: STOMP_ENDPOINTS.roomList,
  native: STOMP_ENDPOINTS.native,
});

/** How often a node checks the heads of the rooms it follows for events the bus lost. */
const TAIL_CHECK_MS = 5_000;

export interface LiveDebates {
  readonly stomp: StompServer<LivePrincipal, Endpoint>;
  /** Lets the rooms go (timers stop, commands in flight finish) and stops the endpoints (sockets closed with 1012). */
  stop(): Promise<void>;
}

/**
 * Rebuilds the live rooms and creates the STOMP endpoints; the caller routes its HTTP server's
 * upgrades to `stomp.upgradeListener` (before it serves, so no request meets an unrestored room).
 */
export async function startLiveDebates(deps: AppDeps): Promise<LiveDebates> {
  const { storage, logger, config } = deps;
  const { directory, publisher } = deps.debates;
  // Across nodes each room's events are followed in seq order, read back from the log where Redis lost one.
  const feeds = new RoomFeeds(
    publisher,
    deps.redis ? { states: directory.elsewhere, log: storage.roomEvents, heads: storage.roomHeads } : undefined,
  );
  const presence = sharedPresence(deps);
  const rooms = new RoomPresence(directory, publisher, logger, {
    store: presence.store,
    allowed: userRoomGate(deps.rateLimiter('presence', config.rateLimits.presence)),
    observerLeaveDelayMs: config.live.observerLeaveDelayMs,
  });
  // Across nodes the list shows every node's live rooms, this node's own as they run here.
  const shared = deps.redis
    ? new SharedRoomList({
        self: deps.roomNode.self,
        pubsub: deps.debates.pubsub,
        directory,
        storage,
        logger,
        changed: () => feed.changed(),
      })
    : null;
  const feed = new RoomListFeed(shared ?? directory, storage.users, config.publicUrl, (err) =>
    logger.error({ err }, 'room list snapshot failed'),
  );
  const legacy = legacyChannels({ feeds, publisher, directory, rooms, logger });
  const native = nativeChannel({ storage, feeds, directory, rooms, replaysPerUser: config.live.replaysPerUser });
  const boards = new StanceBoards(directory, publisher);
  const offShared = shared ? directory.onCommitted(shared.committed) : () => {};
  const offFeed = directory.onCommitted(feed.committed);
  const offPresence = directory.onCommitted(rooms.committed);
  const offBoards = directory.onCommitted(boards.committed);

  // Across nodes a command for a room another node runs goes there; this node serves its own rooms first.
  const forwarding = deps.redis
    ? await forwardCommands({
        directory,
        rooms: storage.rooms,
        pubsub: deps.debates.pubsub,
        owners: deps.roomNode,
        logger,
        // A dead owner's rooms are claimed once its lease lapses, at a survivor's next beat.
        takeoverWithinMs: config.cluster.leaseMs + config.cluster.heartbeatMs + 1_000,
      })
    : null;
  await deps.roomNode.start();
  await shared?.start();
  // A tail the bus lost (an owner dying between commit and publish) is read back from the log, and
  // so is what the list missed of that owner's rooms.
  const offOwnerChanges = deps.redis
    ? deps.roomNode.onChanged((change) => {
        feeds.catchUp(change.roomId);
        shared?.ownerChanged(change.roomId);
      })
    : () => {};
  const checkTails = () =>
    feeds.checkTails().catch((err: unknown) => logger.warn({ err }, 'room heads not read; checked again later'));
  const tails = deps.redis ? setInterval(() => void checkTails(), TAIL_CHECK_MS) : undefined;
  const absentees = new AbsenteeSweeps(directory, rooms, () => presence.beforeSweep(), presence.lapseMs, logger);
  for (const state of directory.liveStates()) absentees.schedule(state);
  // A room this node takes over later (its owner died or left) is swept too.
  const offTakeovers = deps.roomNode.onChanged((change) => {
    const state = change.nodeId === deps.roomNode.self ? directory.live(change.roomId)?.state : undefined;
    if (state) absentees.schedule(state);
  });

  const stomp = attachStomp<LivePrincipal, Endpoint>({
    ...deps.sockets,
    route: (url) => route(url),
    logger,
    hooks: {
      authenticate: liveAuthenticator(deps, deps.sessions.secret),
      onSubscribe: (s: LiveSession, sub) => {
        switch (s.endpoint.name) {
          case 'debate':
            return legacy.subscribeDebate(s, sub);
          case 'observer':
            return legacy.subscribeObserver(s, sub);
          case 'native':
            return native.subscribe(s, sub);
          case 'roomList':
            if (sub.destination !== ROOM_LIST_TOPIC) return { refuse: true };
            return feed.watch(s, sub, filterOf(s.endpoint.query));
        }
      },
      onUnsubscribe: async (s: LiveSession, sub) => {
        if (s.endpoint.name === 'debate') await legacy.unsubscribeDebate(s, sub);
        else if (s.endpoint.name === 'observer') await legacy.unsubscribeObserver(s, sub);
      },
      onSend: (s: LiveSession, destination, body) => {
        switch (s.endpoint.name) {
          case 'debate':
            return legacy.sendDebate(s, destination, body);
          case 'observer':
            return legacy.sendObserver(s, destination, body);
          case 'native':
            return native.send(s, destination, body);
          case 'roomList':
            if (destination === ROOM_LIST_REQUEST) feed.requestFor(s);
            return;
        }
      },
      onDisconnect: (s: LiveSession, { graceful }) => void rooms.closed(s, graceful),
    },
  });

  return {
    stomp,
    async stop() {
      rooms.stop();
      // This node's own hand-over below changes owners: nothing here needs to catch up on that.
      offOwnerChanges();
      // Rooms first: on several nodes they are handed over at once, while the sockets still close.
      await deps.roomNode.stop();
      forwarding?.stop();
      offTakeovers();
      absentees.stop();
      presence.stop();
      offShared();
      await shared?.stop();
      clearInterval(tails);
      offFeed();
      offPresence();
      offBoards();
      boards.stop();
      feed.stop();
      await stomp.shutdown({ timeoutMs: 2_000 });
    },
  };
}
