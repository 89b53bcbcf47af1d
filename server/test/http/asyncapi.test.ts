import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import {
  debateChatDestination,
  debateTopic,
  NATIVE_COMMAND_NAMES,
  NOTIFICATIONS_QUEUE,
  observerChatDestination,
  observerTopic,
  REPLIES_QUEUE,
  ROOM_LIST_REQUEST,
  ROOM_LIST_TOPIC,
  roomCommandDestination,
  roomEventsTopic,
  roomStanceTopic,
  STOMP_ENDPOINTS,
} from '@toron/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Doc = {
  asyncapi: string;
  servers: Record<string, { host: string; pathname: string }>;
  channels: Record<string, { address: string; messages: Record<string, unknown> }>;
};

describe('the AsyncAPI description of the STOMP endpoints', () => {
  it('is a valid AsyncAPI 3 document, served beside the OpenAPI one and offered by /api/docs', async () => {
    const res = await fetch(`${server.url}/api/asyncapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const text = await res.text();
    const { document, diagnostics } = await new Parser().parse(text);
    const serious = new Set<number>([DiagnosticSeverity.Error, DiagnosticSeverity.Warning]);
    expect(diagnostics.filter((d) => serious.has(d.severity)).map((d) => `${d.code}: ${d.message}`)).toEqual([]);
    expect(document?.version()).toMatch(/^3\./);
    // Every channel's messages resolve to payload schemas (component references included).
    for (const channel of document?.channels().all() ?? []) {
      for (const message of channel.messages().all()) expect(message.payload()?.json(), channel.id()).toBeTruthy();
    }
    const html = await (await fetch(`${server.url}/api/docs`)).text();
    expect(html).toContain('/api/asyncapi.json');
    expect(html).toContain('/api/openapi.json');
  });

  it('describes every endpoint, destination and native command of the wire module', async () => {
    const doc = (await (await fetch(`${server.url}/api/asyncapi.json`)).json()) as Doc;
    const host = new URL(server.url).host;
    const endpoints = Object.values(STOMP_ENDPOINTS).map((p) => p.replace(/:(\w+)/g, '{$1}'));
    expect(Object.values(doc.servers).map((s) => s.pathname)).toEqual(endpoints);
    expect(Object.values(doc.servers).every((s) => s.host === host)).toBe(true);
    const room = '{roomId}';
    expect(new Set(Object.values(doc.channels).map((c) => c.address))).toEqual(
      new Set([
        debateTopic(room),
        debateChatDestination(room),
        observerTopic(room),
        observerChatDestination(room),
        ROOM_LIST_TOPIC,
        ROOM_LIST_REQUEST,
        roomEventsTopic(room),
        roomStanceTopic(room),
        roomCommandDestination(room, '{command}'),
        REPLIES_QUEUE,
        NOTIFICATIONS_QUEUE,
      ]),
    );
    const commands = Object.values(doc.channels).find((c) => c.address === roomCommandDestination(room, '{command}'));
    expect(Object.keys(commands?.messages ?? {})).toEqual([...NATIVE_COMMAND_NAMES]);
  });
});
