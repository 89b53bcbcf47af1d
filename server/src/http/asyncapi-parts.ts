/** The building blocks of the AsyncAPI document: channels, operations and message payloads. */
import { z } from 'zod';

type Message = { readonly payload: Record<string, unknown> };

/** A channel as the document declares it: a STOMP destination on some endpoints. */
export interface ChannelSpec {
  /** The destination, `{name}` for its parameters. */
  readonly address: string;
  /** Names of the endpoints (servers) where it exists. */
  readonly servers: readonly string[];
  readonly title: string;
  readonly description?: string;
  /** Parameters other than the room id. */
  readonly parameters?: Readonly<Record<string, { readonly enum?: string[]; readonly description: string }>>;
  readonly messages: Readonly<Record<string, Message>>;
}

/** What the server does on a channel; a `reply` names the channel its answers go to. */
export interface OperationSpec {
  readonly action: 'send' | 'receive';
  readonly channel: string;
  readonly summary: string;
  readonly reply?: string;
}

const ROOM_ID = { description: '토론방 uuid' };

/** The channel object of a spec. */
export function channel(spec: ChannelSpec) {
  const names = [...spec.address.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  return {
    address: spec.address,
    title: spec.title,
    ...(spec.description ? { description: spec.description } : {}),
    servers: spec.servers.map((name) => ({ $ref: `#/servers/${name}` })),
    ...(names.length > 0
      ? { parameters: Object.fromEntries(names.map((n) => [n, n === 'roomId' ? ROOM_ID : spec.parameters?.[n]])) }
      : {}),
    messages: spec.messages,
  };
}

/** The operation object of a spec. */
export function operation(spec: OperationSpec) {
  return {
    action: spec.action,
    channel: { $ref: `#/channels/${spec.channel}` },
    summary: spec.summary,
    ...(spec.reply ? { reply: { channel: { $ref: `#/channels/${spec.reply}` } } } : {}),
  };
}

/** A message whose payload is a component schema. */
export const ref = (id: string): Message => ({ payload: { $ref: `#/components/schemas/${id}` } });

/** The payload schema of what a client sends, inline: what the server accepts (input). */
export function payloadOf(schema: z.ZodType): Record<string, unknown> {
  // An empty registry: no ids, so the schema comes out whole, without definitions of its own.
  const { $schema: _schema, ...payload } = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'input',
    metadata: z.registry(),
  });
  return payload;
}
