import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('config', () => {
  it('defaults: port 8080, demo provider on, 60-minute access tokens, 14-day refresh tokens', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.demoOAuth).toBe(true);
    expect(c.accessTokenTtlSec).toBe(3600);
    expect(c.refreshTokenTtlSec).toBe(14 * 24 * 3600);
    expect(c.oauth.google.tokenUrl).toBe('http://localhost:8080/demo-oauth/google/token');
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('refuses the demo provider in production and uses the real providers there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_OAUTH: '1' })).toThrow(/DEMO_OAUTH/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CLIENT_ID/);
    const c = loadConfig({
      NODE_ENV: 'production',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      KAKAO_CLIENT_ID: 'k',
      KAKAO_CLIENT_SECRET: 'ks',
      PUBLIC_URL: 'https://toron.example/',
    });
    expect(c.demoOAuth).toBe(false);
    expect(c.publicUrl).toBe('https://toron.example');
    expect(c.oauth.kakao.tokenUrl).toBe('https://kauth.kakao.com/oauth/token');
    expect(c.oauth.google.authorizeUrl).toBe('https://accounts.google.com/o/oauth2/v2/auth');
  });

  it('refuses access tokens shorter than 30 minutes and bad values', () => {
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_MIN: '15' })).toThrow(/ACCESS_TOKEN_TTL_MIN/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
});
