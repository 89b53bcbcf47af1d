import { useStore } from '@nanostores/react';
import { persistedAtom } from './persisted-atom';

export interface AuthState {
  accessToken: string | null;
  refreshToken: string | null;
  isNewUser: boolean;
}

const empty: AuthState = { accessToken: null, refreshToken: null, isNewUser: false };

// Parsed by hand rather than with zod: the shell reads this store on the first visit, which must stay light.
const parse = (raw: unknown): AuthState | null => {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return { accessToken: text(r.accessToken), refreshToken: text(r.refreshToken), isNewUser: r.isNewUser === true };
};

export const $auth = persistedAtom<AuthState>('auth-store', empty, parse);

export function setTokens(accessToken: string, refreshToken: string): void {
  $auth.set({ ...$auth.get(), accessToken, refreshToken });
}

export function setNewUser(isNewUser: boolean): void {
  $auth.set({ ...$auth.get(), isNewUser });
}

export function clearAuth(): void {
  $auth.set(empty);
}

export const useAuth = (): AuthState => useStore($auth);
