/**
 * The STOMP side of the wire contract as an AsyncAPI 3 document, generated from the same zod
 * schemas server and web use (the engine's wire module): every endpoint (a server), destination (a
 * channel, its address built by the wire module's builders) and message. Operations are the
 * server's: it receives what clients SEND and sends what they SUBSCRIBE to.
 */
import {
  liveNotificationSchema,
  debateChatDestination,
  debateTopic,
  legacyBodySchema,
  legacyChatSchema,
  NATIVE_COMMAND_NAMES,
  nativeCommandSchema,
  nativeRefusalSchema,
  nativeReplySchema,
  NOTIFICATIONS_QUEUE,
  observerChatDestination,
  observerTopic,
  participantSchema,
  REPLIES_QUEUE,
  ROOM_LIST_REQUEST,
  ROOM_LIST_TOPIC,
  roomCommandDestination,
  roomEventSchema,
  roomEventsTopic,
  roomInfoSchema,
  roomListEntrySchema,
  roomListRequestSchema,
  roomListSnapshotSchema,
  roomOutcomeSchema,
  roomSnapshotMessageSchema,
  roomStanceTopic,
  roomStateSchema,
  stanceBoardSchema,
  stanceSharesSchema,
  STOMP_ENDPOINTS,
  voteTallySchema,
  type StompEndpointName,
} from '@toron/engine';
import { z } from 'zod';
import { channel, operation, payloadOf, ref, type ChannelSpec, type OperationSpec } from './asyncapi-parts.js';

/** Schemas the server sends, as components (their metadata ids are their names). */
const SENT = [
  participantSchema,
  roomOutcomeSchema,
  roomInfoSchema,
  roomListEntrySchema,
  roomListSnapshotSchema,
  voteTallySchema,
  roomEventSchema,
  roomStateSchema,
  roomSnapshotMessageSchema,
  stanceSharesSchema,
  stanceBoardSchema,
  legacyBodySchema,
  nativeReplySchema,
  nativeRefusalSchema,
  liveNotificationSchema,
];

const ENDPOINT_TEXT: Record<StompEndpointName, string> = {
  debate: '기존 클라이언트의 토론자 소켓. CONNECT 헤더 position(pro | con)이 자리를 요청합니다.',
  observer: '기존 클라이언트의 참관 소켓.',
  roomList: '실시간 토론방 목록. 핸드셰이크 쿼리 continent, category, member가 필터입니다 (빈 값 = 전체).',
  native: '토론(Toron) 웹 앱의 소켓: 토론방 이벤트 스트림, 명령과 응답.',
  notifications: '알림 소켓.',
};

const ROOM = '{roomId}';
const COMMAND = '{command}';

const CHANNELS: Record<string, ChannelSpec> = {
  debateTopic: {
    address: debateTopic(ROOM),
    servers: ['debate'],
    title: '토론 이벤트 (기존)',
    description: 'SUBSCRIBE = position이 요청한 자리에 참여. 입장, 발언, 차례, 상태, 결과 메시지.',
    messages: { LegacyRoomMessage: ref('LegacyRoomMessage') },
  },
  debateChat: {
    address: debateChatDestination(ROOM),
    servers: ['debate'],
    title: '토론자 발언 (기존)',
    messages: { LegacyChat: { payload: payloadOf(legacyChatSchema) } },
  },
  observerTopic: {
    address: observerTopic(ROOM),
    servers: ['observer'],
    title: '참관 채팅 (기존)',
    description: 'SUBSCRIBE = 참관 시작.',
    messages: { LegacyRoomMessage: ref('LegacyRoomMessage') },
  },
  observerChat: {
    address: observerChatDestination(ROOM),
    servers: ['observer'],
    title: '참관자 채팅 (기존)',
    messages: { LegacyChat: { payload: payloadOf(legacyChatSchema) } },
  },
  roomList: {
    address: ROOM_LIST_TOPIC,
    servers: ['roomList'],
    title: '토론방 목록',
    description: '구독하면 바로, 요청마다, 방이 바뀔 때마다 이 연결의 필터로 만든 목록 (연결마다 초당 최대 1번).',
    messages: { RoomListSnapshot: ref('RoomListSnapshot') },
  },
  roomListRequest: {
    address: ROOM_LIST_REQUEST,
    servers: ['roomList'],
    title: '토론방 목록 요청',
    messages: { RoomListRequest: { payload: payloadOf(roomListRequestSchema) } },
  },
  roomEvents: {
    address: roomEventsTopic(ROOM),
    servers: ['native'],
    title: '토론방 이벤트 스트림',
    description:
      'SUBSCRIBE 헤더 from-seq(기본 1)부터 저장된 이벤트를 보내고 이어서 새 이벤트를 보냅니다. 메시지 하나 = 이벤트 하나, ' +
      'seq 순서, 빠짐과 중복 없음. 헤더 mode: snapshot이면 먼저 RoomSnapshot 하나(seq까지의 방 상태와 최근 대화)를 보내고 ' +
      'seq + 1부터의 이벤트를 이어 보냅니다. 다른 사람의 투표는 선택이, 다른 참관자의 입장 표시는 누구와 무엇이 모두 가려집니다 ' +
      '(스냅샷도 같습니다). 없는 방은 ERROR 프레임(구독 거절)으로 답합니다.',
    messages: {
      DebateRoomEvent: ref('DebateRoomEvent'),
      RoomSnapshot: ref('RoomSnapshot'),
      SubscribeRefusal: ref('NativeSubscribeRefusal'),
    },
  },
  roomStance: {
    address: roomStanceTopic(ROOM),
    servers: ['native'],
    title: '실시간 입장 비율',
    description:
      '구독하면 바로 지금의 입장 비율을, 이후 바뀔 때마다 (최대 1.5초에 한 번으로 모아) 보냅니다. ' +
      '입장을 밝힌 참관자가 3명 이상일 때만 비율이 있고, 누가 어떤 입장인지는 담지 않습니다. 투표가 시작되면 open이 false가 됩니다.',
    messages: { StanceBoard: ref('StanceBoard'), SubscribeRefusal: ref('NativeSubscribeRefusal') },
  },
  roomCommand: {
    address: roomCommandDestination(ROOM, COMMAND),
    servers: ['native'],
    title: '토론방 명령',
    description: '자리와 참관은 이 연결에 묶입니다 (DISCONNECT = 나가기, 끊긴 소켓 = 유예 후 퇴장).',
    parameters: { command: { enum: [...NATIVE_COMMAND_NAMES], description: '명령 이름' } },
    messages: Object.fromEntries(
      nativeCommandSchema.options.map((o) => [o.shape.command.value, { payload: payloadOf(o.shape.body) }]),
    ),
  },
  replies: {
    address: REPLIES_QUEUE,
    servers: ['native'],
    title: '명령 응답',
    description: '이 연결이 보낸 명령마다 하나: 성공, 또는 안정된 거절 코드와 한국어 메시지.',
    messages: { NativeReply: ref('NativeReply') },
  },
  notifications: {
    address: NOTIFICATIONS_QUEUE,
    servers: ['notifications'],
    title: '내 알림',
    messages: { LiveNotification: ref('LiveNotification') },
  },
};

const OPERATIONS: Record<string, OperationSpec> = {
  sendDebateEvents: { action: 'send', channel: 'debateTopic', summary: '토론 이벤트 알림' },
  receiveDebateChat: { action: 'receive', channel: 'debateChat', summary: '토론자 발언 받기' },
  sendObserverEvents: { action: 'send', channel: 'observerTopic', summary: '참관 채팅 전달' },
  receiveObserverChat: { action: 'receive', channel: 'observerChat', summary: '참관자 채팅 받기' },
  sendRoomList: { action: 'send', channel: 'roomList', summary: '토론방 목록 보내기' },
  receiveRoomListRequest: {
    action: 'receive',
    channel: 'roomListRequest',
    summary: '토론방 목록 요청 받기',
    reply: 'roomList',
  },
  sendRoomEvents: { action: 'send', channel: 'roomEvents', summary: '토론방 이벤트 보내기' },
  sendStanceBoard: { action: 'send', channel: 'roomStance', summary: '실시간 입장 비율 보내기' },
  receiveRoomCommand: { action: 'receive', channel: 'roomCommand', summary: '토론방 명령 받기', reply: 'replies' },
  sendNotifications: { action: 'send', channel: 'notifications', summary: '새 알림 보내기' },
};

/** The AsyncAPI 3 document of every STOMP endpoint of a server reachable at `publicUrl`. */
export function asyncApiDocument(publicUrl: string) {
  const url = new URL(publicUrl);
  const names = Object.keys(STOMP_ENDPOINTS) as StompEndpointName[];
  const { schemas } = z.toJSONSchema(registryOf(SENT), {
    target: 'draft-07',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return {
    asyncapi: '3.1.0',
    info: {
      title: 'Toron STOMP API',
      version: '0.1.0',
      description:
        '토론(Toron) 서버의 실시간 API: WebSocket 위의 STOMP 1.2 (하위 프로토콜 v12.stomp). ' +
        'CONNECT에 액세스 토큰이 필요합니다 (Authorization: Bearer 또는 passcode). 본문은 모두 JSON입니다.',
    },
    defaultContentType: 'application/json',
    servers: Object.fromEntries(
      names.map((name) => [
        name,
        {
          host: url.host,
          pathname: STOMP_ENDPOINTS[name].replace(/:(\w+)/g, '{$1}'),
          protocol: 'stomp',
          protocolVersion: '1.2',
          description: `${ENDPOINT_TEXT[name]} (${url.protocol === 'https:' ? 'wss' : 'ws'})`,
          security: [{ $ref: '#/components/securitySchemes/accessToken' }],
        },
      ]),
    ),
    channels: Object.fromEntries(Object.entries(CHANNELS).map(([name, spec]) => [name, channel(spec)])),
    operations: Object.fromEntries(Object.entries(OPERATIONS).map(([name, spec]) => [name, operation(spec)])),
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).map(([id, s]) => [id, withoutIds(s)])),
      securitySchemes: {
        accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'CONNECT 헤더의 액세스 토큰' },
      },
    },
  };
}

/** A registry of the given schemas under the ids of their own metadata. */
function registryOf(schemas: readonly z.ZodType[]) {
  const registry = z.registry<{ id: string; description?: string }>();
  for (const schema of schemas) {
    const meta = z.globalRegistry.get(schema);
    if (!meta?.id) throw new Error('a sent schema needs an id in its metadata');
    registry.add(schema, { ...meta, id: meta.id });
  }
  return registry;
}

// Each component is a plain schema inside the document: no $schema or $id of its own.
function withoutIds(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}
