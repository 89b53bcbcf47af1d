import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.js';

/**
 * Paths whose pages our own news detail page frames; their policy says `frame-ancestors` with
 * our origins (public URL and web origin), which X-Frame-Options cannot express, so they get none.
 * Everything else refuses frames.
 */
const FRAMED_BY_US = ['/news-articles/'];

const origin = (url: string): string => new URL(url).origin;
const socketOrigin = (url: string): string => origin(url).replace(/^http/, 'ws');
const unique = (items: string[]): string => [...new Set(items)].join(' ');

/** A CSP source for inline text (a `<style>` block) that may run although nothing else inline may. */
export const cspHash = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The web app's policy, also the default of every response that brings none of its own: scripts,
 * styles, fonts and frames from our origin only (the built index.html has no inline script or
 * style; React sets style props through the CSSOM, which CSP allows), images also from https
 * (provider profile pictures, news thumbnails from the feeds), sockets to our own host, forms to
 * us and the sign-in providers, and no framing.
 */
export function appCsp(config: Config): string {
  const ours = [origin(config.publicUrl), origin(config.webOrigin)];
  const signIn = Object.values(config.oauth).map((p) => origin(p.authorizeUrl));
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src ${unique(["'self'", ...ours.map(socketOrigin)])}`,
    "frame-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${unique(["'self'", ...signIn])}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The API reference page (/api/docs): its viewer script from our origin plus the inline
 * bootstrap carrying this response's nonce; the viewer injects its own styles (hence inline
 * styles here only) and calls the API it documents.
 */
export function apiDocsCsp(config: Config, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${unique(["'self'", origin(config.publicUrl)])}`,
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers on every response (pages, API JSON, static files, uploads, errors): the
 * app's CSP where the route set no policy of its own (demo sign-in page, article pages, API
 * docs, images keep theirs), framing refused except for the article pages we frame ourselves,
 * a strict referrer policy, no sniffing, a same-origin opener, no camera/microphone/location,
 * and HSTS when the public URL is https. Resolved once when the app is built.
 */
export function securityHeaders(config: Config): MiddlewareHandler {
  const always: [string, string][] = [
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
  ];
  if (config.publicUrl.startsWith('https:')) always.push(['Strict-Transport-Security', 'max-age=15552000']);
  const csp = appCsp(config);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const framed = FRAMED_BY_US.some((prefix) => c.req.path.startsWith(prefix));
    for (const [name, value] of always) if (!headers.has(name)) headers.set(name, value);
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', csp);
    if (!framed && !headers.has('X-Frame-Options')) headers.set('X-Frame-Options', 'DENY');
  };
}
