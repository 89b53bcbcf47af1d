import type { Provider } from '../config.js';
import { cspHash } from '../http/security-headers.js';
import type { DemoUser } from '../seed/demo-users.js';

/** Escapes text for HTML content and attribute values. */
const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const providerName: Record<Provider, string> = { google: 'Google', kakao: 'Kakao' };

const style = `body{font-family:Pretendard,system-ui,sans-serif;background:#f6f7f9;color:#111827;margin:0;
  padding:32px 16px}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:16px;padding:24px;
  box-shadow:0 4px 20px rgba(0,0,0,.06)}
h1{font-size:20px;margin:0 0 4px}
p{color:#4b5563;font-size:14px;line-height:1.5}
ul{list-style:none;padding:0;margin:16px 0}
li a{display:flex;justify-content:space-between;gap:8px;padding:12px 14px;border:1px solid #e5e7eb;border-radius:10px;
  margin-bottom:8px;color:inherit;text-decoration:none}
li a:hover,li a:focus{border-color:#2563eb;outline:none}
small{color:#6b7280}
label{display:block;font-size:14px;margin:16px 0 6px}
input[type=text]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #d1d5db;border-radius:8px;
  font-size:15px}
button{margin-top:10px;width:100%;padding:11px;border:0;border-radius:8px;background:#2563eb;color:#fff;font-size:15px;
  cursor:pointer}`;

/** The CSP source that lets exactly this page's `<style>` block apply (no other inline style). */
export const PAGE_STYLE_SOURCE = cspHash(style);

const layout = (title: string, body: string): string =>
  `<!doctype html><html lang="ko"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${style}</style></head><body><main>${body}</main></body></html>`;

/**
 * The demo sign-in page: one link per demo user of this provider (each is the same
 * authorize request plus login_hint) and a field to sign in under any new key.
 */
export function chooserPage(provider: Provider, users: DemoUser[], params: Record<string, string>): string {
  const hint = (key: string) => `?${new URLSearchParams({ ...params, login_hint: key }).toString()}`;
  const items = users
    .map(
      (u) =>
        `<li><a href="${escapeHtml(hint(u.key))}"><span>${escapeHtml(u.nickname)}</span>` +
        `<small>${escapeHtml(u.key)}${u.role === 'ROLE_ADMIN' ? ' · 관리자' : ''}</small></a></li>`,
    )
    .join('');
  const hidden = Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const name = providerName[provider];
  return layout(
    `${name} 데모 로그인`,
    `<h1>${name} 데모 로그인</h1><p>실제 ${name} 계정 없이 체험할 수 있는 데모 로그인입니다. 로그인할 사용자를 선택하세요.</p>
<ul>${items || '<li><small>이 제공자로 등록된 데모 사용자가 없습니다.</small></li>'}</ul>
<form method="get">${hidden}<label for="login_hint">새 사용자로 로그인 (원하는 키를 입력하세요)</label>
<input id="login_hint" name="login_hint" type="text" required maxlength="40" pattern="[\\p{L}\\p{N}_.\\-]{1,40}"
  placeholder="예: newbie01" autocomplete="off">
<button type="submit">새 사용자로 계속하기</button></form>`,
  );
}

/** A Korean error page for a malformed authorize request (never redirects anywhere). */
export function errorPage(message: string): string {
  return layout('데모 로그인 오류', `<h1>데모 로그인 오류</h1><p>${escapeHtml(message)}</p>`);
}
