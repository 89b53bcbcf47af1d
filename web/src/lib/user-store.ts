import { useStore } from '@nanostores/react';
import { persistedAtom } from './persisted-atom';

type Role = 'ROLE_GUEST' | 'ROLE_MEMBER' | 'ROLE_ADMIN' | 'ROLE_SUSPENDED' | 'ROLE_BANNED' | (string & {});

export interface UserState {
  userId: number | null;
  nickname: string;
  profileUrl: string;
  role: Role;
}

const empty: UserState = { userId: null, nickname: '', profileUrl: '', role: '' };

// Parsed by hand (see auth-store): the shell reads it on the first visit.
const parse = (raw: unknown): UserState | null => {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    userId: typeof r.userId === 'number' ? r.userId : null,
    nickname: text(r.nickname),
    profileUrl: text(r.profileUrl),
    role: text(r.role),
  };
};

export const $user = persistedAtom<UserState>('user-store', empty, parse);

export function setUser(patch: Partial<UserState>): void {
  $user.set({ ...$user.get(), ...patch });
}

export function clearUser(): void {
  $user.set(empty);
}

export const useUser = (): UserState => useStore($user);
