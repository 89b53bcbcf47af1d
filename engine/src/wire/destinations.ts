/**
 * The STOMP vocabulary of the wire contract (docs/wire-contract.md#stomp): the WebSocket endpoints a
 * client connects to, the destinations it subscribes and sends to, and matchers that read a
 * destination back. Server and web build every destination here and nowhere else.
 */

/** WebSocket endpoints (request paths) as route patterns; `:roomId` is a path parameter. */
export const STOMP_ENDPOINTS = {
  /** Legacy debate socket: CONNECT header `position` (pro | con) asks for a seat. */
  debate: '/debate/:roomId',
  /** Legacy observer socket. */
  observer: '/observer/:roomId',
  /** Live room list; the handshake query carries the filters. */
  roomList: '/room-list/filtered',
  /** Native endpoint of our own client: event streams, commands, replies. */
  native: '/ws',
  /** Notification socket. */
  notifications: '/ws/notifications',
} as const;

/** The name of a STOMP endpoint. */
export type StompEndpointName = keyof typeof STOMP_ENDPOINTS;

/** The room-list endpoint with its filters (`continent`, `category`, `member`) as the query. */
export function roomListEndpoint(filters?: URLSearchParams): string {
  const query = filters?.toString() ?? '';
  return query ? `${STOMP_ENDPOINTS.roomList}?${query}` : STOMP_ENDPOINTS.roomList;
}

/** Legacy debate topic of a room: join on SUBSCRIBE, then every debate message. */
export const debateTopic = (roomId: string): string => `/topic/debate/${roomId}`;
/** Legacy observer topic of a room: observe on SUBSCRIBE, then observer chat and endings. */
export const observerTopic = (roomId: string): string => `/topic/observer/${roomId}`;
/** Legacy SEND destination of a debater's speech. */
export const debateChatDestination = (roomId: string): string => `/app/debate/${roomId}`;
/** Legacy SEND destination of an observer's chat line. */
export const observerChatDestination = (roomId: string): string => `/app/observer/${roomId}`;

/** The room-list snapshots of one room-list connection. */
export const ROOM_LIST_TOPIC = '/topic/filteredStatus';
/** SEND here to ask for a fresh room-list snapshot. */
export const ROOM_LIST_REQUEST = '/app/filteredUpdate';

/** Native event stream of a room: every engine event, replayed from `from-seq` (or after a snapshot), then live. */
export const roomEventsTopic = (roomId: string): string => `/topic/rooms/${roomId}/events`;
/** Native stance topic of a room: the live shares of its viewers' stances, now and whenever they change (coalesced). */
export const roomStanceTopic = (roomId: string): string => `/topic/rooms/${roomId}/stance`;
/** Native SEND destination of a room command. */
export const roomCommandDestination = (roomId: string, command: string): string => `/app/rooms/${roomId}/${command}`;
/** Where the native endpoint answers each command of this connection. */
export const REPLIES_QUEUE = '/user/queue/replies';
/** Where the notification socket delivers a user's new notifications. */
export const NOTIFICATIONS_QUEUE = '/user/queue/notifications';

/** SUBSCRIBE header of the native stream: the first seq to send (default 1). */
export const FROM_SEQ_HEADER = 'from-seq';
/** SUBSCRIBE header of the native stream asking to start from a snapshot instead of a seq. */
export const STREAM_MODE_HEADER = 'mode';
/** The value of `STREAM_MODE_HEADER` that asks for the room's snapshot, then the events after it. */
export const SNAPSHOT_MODE = 'snapshot';

const ROOM_EVENTS = /^\/topic\/rooms\/([0-9a-fA-F-]{36})\/events$/;
const ROOM_STANCE = /^\/topic\/rooms\/([0-9a-fA-F-]{36})\/stance$/;
const ROOM_COMMAND = /^\/app\/rooms\/([0-9a-fA-F-]{36})\/([a-z-]+)$/;

/** The room id (lower case) of a native event-stream destination, or null for anything else. */
export function matchRoomEventsTopic(destination: string): string | null {
  return ROOM_EVENTS.exec(destination)?.[1]?.toLowerCase() ?? null;
}

/** The room id (lower case) of a native stance-topic destination, or null for anything else. */
export function matchRoomStanceTopic(destination: string): string | null {
  return ROOM_STANCE.exec(destination)?.[1]?.toLowerCase() ?? null;
}

/** The room id (lower case) and command name of a native SEND destination, or null for anything else. */
export function matchRoomCommand(destination: string): { readonly roomId: string; readonly command: string } | null {
  const match = ROOM_COMMAND.exec(destination);
  if (!match?.[1] || !match[2]) return null;
  return { roomId: match[1].toLowerCase(), command: match[2] };
}
