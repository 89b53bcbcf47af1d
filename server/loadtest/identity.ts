/**
 * Members and rooms over the public HTTP API, as a browser would make them: sign-in through the
 * built-in demo identity provider (authorize → redirect → callback), sign-up, then D1 room creation.
 * Nothing is minted or written behind the server's back.
 */

export interface Member {
  readonly userId: number;
  readonly nickname: string;
  readonly accessToken: string;
}

interface Envelope {
  readonly status: string;
  readonly code?: string;
  readonly data?: unknown;
}

async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  json?: unknown,
): Promise<{ status: number; body: Envelope }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
    redirect: 'manual',
  });
  return { status: res.status, body: (await res.json()) as Envelope };
}

/** Signs `key` in through the demo provider and completes sign-up with `nickname`; returns the member's session. */
export async function signUpMember(base: string, key: string, nickname: string): Promise<Member> {
  const providers = (await call(base, 'GET', '/api/auth/providers')).body.data as Record<
    string,
    { authorizeUrl: string }
  >;
  const authorize = new URL(providers.google!.authorizeUrl);
  authorize.searchParams.set('login_hint', key);
  authorize.searchParams.set('state', 'loadtest');
  const redirect = await fetch(authorize, { redirect: 'manual' });
  await redirect.arrayBuffer();
  const location = redirect.headers.get('location');
  if (redirect.status !== 302 || !location) throw new Error(`demo authorize answered ${redirect.status}`);
  const callback = new URL(location);
  const code = callback.searchParams.get('code') ?? '';
  const provider = callback.pathname.split('/').pop() ?? 'google';
  const signedIn = await call(
    base,
    'POST',
    `/login/oauth2/callback?code=${encodeURIComponent(code)}&provider=${provider}`,
  );
  if (signedIn.status !== 201) throw new Error(`sign-in answered ${signedIn.status}: ${JSON.stringify(signedIn.body)}`);
  const guest = signedIn.body.data as { userId: number; accessToken: string };
  const signedUp = await call(base, 'POST', '/api/auth/signup', guest.accessToken, {
    nickname,
    introduction: '부하 시험 참가자',
  });
  if (signedUp.status !== 201) throw new Error(`sign-up answered ${signedUp.status}: ${JSON.stringify(signedUp.body)}`);
  return { userId: guest.userId, nickname, accessToken: guest.accessToken };
}

/** Room settings in the wire contract's codes (D1). */
export interface RoomRequest {
  readonly title: string;
  readonly time: 'T3' | 'T4' | 'T5' | 'T6' | 'T9' | 'T12' | 'T15';
  readonly speakCount: 'THREE' | 'FOUR' | 'FIVE' | 'SIX' | 'SEVEN' | 'EIGHT' | 'NINE' | 'TEN';
  readonly resultEnabled: boolean;
}

/** Opens a 1:1 room through D1 and returns its uuid. */
export async function createRoom(base: string, token: string, room: RoomRequest): Promise<string> {
  const res = await call(base, 'POST', '/api/chat/create', token, {
    ...room,
    description: '부하와 장애 시험',
    memberNumber: 'T1',
    category: 'PO',
    continent: 'KR',
  });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data as string;
}

/** Runs `task` over `items` with at most `width` at a time, keeping the input order in the result. */
export async function inBatches<T, R>(
  items: readonly T[],
  width: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await task(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}
