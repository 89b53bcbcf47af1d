/**
 * Web Push as a way into the server's network: push endpoints are https only, never an internal
 * address however it is written, checked again after DNS resolution when a push goes out, and
 * capped per user. The test push service is reached through the test-only allow list; a "trap"
 * service on the same loopback address and certificate, but not on the list, must see nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { isPublicAddress } from '../../src/notifications/push-address.js';
import { members } from '../debates/support.js';
import { Bystander, expectServed } from '../support/bystander.js';
import { startTestServer, type Session, type TestServer } from '../support/server.js';
import { PushClient, PushService } from './push-service.js';

let server: TestServer;
let push: PushService;
let trap: PushService;
let bystander: Bystander;
beforeAll(async () => {
  push = await PushService.start();
  trap = await PushService.start(push.certificate);
  server = await startTestServer(push.serverEnv());
  bystander = await Bystander.start(server);
});
afterAll(async () => {
  if (bystander) expectServed(await bystander.stop('push SSRF'));
  await server?.stop();
  await trap?.close();
  await push?.close();
});

const saveToken = (who: Session, subscription: unknown) =>
  server.call('POST', '/api/notifications/saveToken', {
    token: who.accessToken,
    json: { userId: who.userId, token: JSON.stringify(subscription), isAllow: 'true' },
  });
const isSaved = async (who: Session, client: PushClient) =>
  (
    (
      await server.call('POST', '/api/notifications/checkToken', {
        token: who.accessToken,
        json: { userId: who.userId, subscription: client.toJSON() },
      })
    ).body.data as { isExist: boolean }
  ).isExist;
const followedBy = async (victim: Session, follower: Session) => {
  const res = await server.call('POST', `/api/users/mypage/${victim.userId}/${follower.userId}/insertfollowers`, {
    token: follower.accessToken,
  });
  expect(res.status).toBe(201);
};

describe('which addresses are public', () => {
  it('only public unicast, IPv4 and IPv6, mapped forms judged as IPv4', () => {
    for (const ok of ['8.8.8.8', '142.250.196.106', '2607:f8b0:4004:c07::5f', '::ffff:8.8.8.8', '[2a00:1450::1]'])
      expect(isPublicAddress(ok), ok).toBe(true);
    for (const no of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '192.0.0.8',
      '198.18.0.1',
      '240.0.0.1',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fec0::1',
      'ff02::1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      '2001::1',
      '2001:db8::1',
      '100::1',
      'not-an-address',
      '',
    ])
      expect(isPublicAddress(no), no).toBe(false);
  });
});

describe('registering an endpoint', () => {
  it('refuses plain http and every internal address however written, in Korean; the trap sees nothing', async () => {
    const [attacker] = await members(server, 1, '구독');
    const trapPort = new URL(trap.url).port;
    const endpoints = [
      `http://127.0.0.1:${trapPort}/internal/admin`,
      `${push.url.replace('https:', 'http:')}/push/plain-http`,
      'http://push.example.com/x',
      'https://localhost/x',
      'https://LOCALHOST./x',
      'https://api.localhost/x',
      'https://[::1]/x',
      'https://0/x',
      'https://2130706433/x',
      'https://0x7f000001/x',
      'https://0177.0.0.1/x',
      'https://127.1/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:7f00:1]/x',
      'https://[::127.0.0.1]/x',
      'https://[::]/x',
      'https://10.1.2.3/x',
      'https://172.16.0.1/x',
      'https://192.168.0.1/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/x',
      'https://224.0.0.1/x',
      'https://255.255.255.255/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://[ff02::1]/x',
      'https://[64:ff9b::7f00:1]/x',
      'https://[2002:7f00:1::1]/x',
      `https://127.0.0.1:${trapPort}/not-on-the-list`,
      `https://localhost:${new URL(push.url).port}/same-port-other-name`,
      'https://user:secret@fcm.googleapis.com/fcm/send/x',
    ];
    const answers = await Promise.all(endpoints.map((e) => saveToken(attacker!, new PushClient(e).toJSON())));
    answers.forEach((res, i) => {
      expect([endpoints[i], res.status, res.body.code, res.body.message]).toEqual([
        endpoints[i],
        400,
        'PUSH_ENDPOINT_NOT_ALLOWED',
        '이 주소로는 푸시 알림을 보낼 수 없습니다. 브라우저의 알림 구독을 다시 시도해주세요.',
      ]);
    });
    // A public push service's endpoint is fine (nothing is sent until something happens).
    expect(
      (await saveToken(attacker!, new PushClient('https://fcm.googleapis.com/fcm/send/abc').toJSON())).status,
    ).toBe(200);
    expect(trap.received).toHaveLength(0);
  });

  it('the allow list and the extra certificate are test-only: production refuses them', () => {
    const production = { NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' };
    const real = { ...production, KAKAO_CLIENT_ID: 'k', KAKAO_CLIENT_SECRET: 's' };
    expect(() => loadConfig({ ...real, PUSH_TEST_ALLOW_HOSTS: '127.0.0.1:4430' })).toThrow(/PUSH_TEST_ALLOW_HOSTS/);
    expect(() => loadConfig({ ...real, PUSH_TEST_CA_FILE: '/tmp/ca.pem' })).toThrow(/PUSH_TEST_CA_FILE/);
    expect(loadConfig({ PUSH_TEST_ALLOW_HOSTS: '127.0.0.1:4430, [::1]:4431' }).push.testAllowHosts).toEqual([
      '127.0.0.1:4430',
      '[::1]:4431',
    ]);
    expect(() => loadConfig({ PUSH_TEST_ALLOW_HOSTS: '127.0.0.1' })).toThrow(/host:port/);
  });
});

describe('sending a push', () => {
  it('checks the address after resolution: an endpoint reaching the trap is never called, and forgotten', async () => {
    const [victim, follower] = await members(server, 2, '재바인딩');
    const browser = push.subscribe();
    expect((await saveToken(victim!, browser.toJSON())).status).toBe(200);
    // As if each had passed registration while its name pointed at a public address (DNS rebinding),
    // or had been stored before these rules: written straight into the database.
    const trapPort = new URL(trap.url).port;
    const rebound = [
      `https://localhost:${trapPort}/push/rebound`,
      `https://127.0.0.1:${trapPort}/push/literal`,
      `https://[::ffff:127.0.0.1]:${trapPort}/push/mapped`,
      `http://127.0.0.1:${trapPort}/push/plain`,
    ].map((e) => new PushClient(e));
    // Stored straight through the store, past the endpoint checks of the route.
    for (const client of rebound) {
      const { keys } = client.toJSON();
      const sub = { endpoint: client.endpoint, p256dh: keys.p256dh, auth: keys.auth };
      await server.deps.storage.pushSubscriptions.save(victim!.userId, sub, true, new Date(), 100);
    }

    await followedBy(victim!, follower!);
    await server.deps.notifications.notifier.settled();
    expect(await push.waitFor(browser, 1)).toHaveLength(1);
    expect(trap.received).toHaveLength(0);
    const stored = await server.deps.storage.pushSubscriptions.allowed(victim!.userId);
    expect(stored.map((s) => s.endpoint)).toEqual([browser.endpoint]);
  });

  it('keeps at most 5 browsers per user: 300 registrations and 3 follows send 15 pushes, not 900', async () => {
    const [collector, ...followers] = await members(server, 4, '다중');
    const clients = Array.from({ length: 300 }, () => push.subscribe());
    for (const client of clients) expect((await saveToken(collector!, client.toJSON())).status).toBe(200);
    const kept = [];
    for (const client of clients) if (await isSaved(collector!, client)) kept.push(client);
    expect(kept).toEqual(clients.slice(-5));

    const before = push.received.length;
    for (const follower of followers) await followedBy(collector!, follower);
    await server.deps.notifications.notifier.settled();
    const sent = push.received.length - before;
    console.log(`[push fan-out] 300 endpoints registered, ${kept.length} kept; 3 follows → ${sent} outbound pushes`);
    expect(sent).toBe(15);
  });
});
