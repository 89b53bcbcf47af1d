import type { AppDeps } from '../deps.js';
import { participantCards } from '../debates/people.js';
import { tooManyRequests } from '../http/rate-limit.js';
import { debateCardOf, type DebateCard } from './debate-card.js';
import { debateMeta, newsMeta, profileMeta } from './page-facts.js';
import type { PageMeta } from './page-meta.js';
import { createPreviewCache, versionOf } from './preview/cache.js';
import { createRoomSwings } from './room-swing.js';
import { debateLayout } from './preview/debate-layout.js';
import { profileLayout, siteLayout, type ProfileCard } from './preview/profile-layout.js';

/** A picture with the version of the card it shows. */
export interface Picture {
  readonly png: Buffer;
  readonly version: string;
}

/**
 * Link previews of the shared pages: their meta (null for an unknown id) and their pictures.
 * Cards are built from public facts only (room info; once closed, the vote's shares and the
 * audience's swing; a member's nickname, introduction and record); a banned member has no card.
 */
export function createSharing(deps: AppDeps) {
  const { storage, config } = deps;
  const { publicUrl } = config;
  const cache = createPreviewCache({
    busy: () =>
      tooManyRequests('PREVIEW_BUSY', '미리보기 이미지를 만드는 요청이 많습니다. 잠시 후 다시 시도해 주세요.', 5),
  });

  const swingOf = createRoomSwings(storage.roomEvents);

  const roomCard = async (roomId: string): Promise<DebateCard | null> => {
    const state = await deps.debates.directory.stateOf(roomId);
    const card = state && debateCardOf(state, await participantCards(storage.users, publicUrl, [state]));
    if (!card) return null;
    const swing = await swingOf(state);
    return swing ? { ...card, swing } : card;
  };

  const profileCard = async (userId: number): Promise<ProfileCard | null> => {
    const row = await storage.users.findById(userId);
    if (!row || row.role === 'ROLE_BANNED') return null;
    return {
      userId: row.id,
      nickname: row.nickname,
      introduction: row.introduction ?? '',
      wins: row.winNumber,
      draws: row.drawNumber,
      losses: row.defeatNumber,
    };
  };

  return {
    async roomMeta(roomId: string): Promise<PageMeta | null> {
      const card = await roomCard(roomId);
      return card && debateMeta(card, publicUrl, versionOf(card));
    },

    async newsMeta(newsId: number): Promise<PageMeta | null> {
      const row = await storage.news.findById(newsId);
      return row ? newsMeta(row, publicUrl) : null;
    },

    async userMeta(userId: number): Promise<PageMeta | null> {
      const card = await profileCard(userId);
      return card && profileMeta(card, publicUrl, versionOf(card));
    },

    async roomPicture(roomId: string, admit: () => Promise<void>): Promise<Picture | null> {
      const card = await roomCard(roomId);
      if (!card) return null;
      const version = versionOf(card);
      return { version, png: await cache.picture(`room:${version}`, () => debateLayout(card), admit) };
    },

    async userPicture(userId: number, admit: () => Promise<void>): Promise<Picture | null> {
      const card = await profileCard(userId);
      if (!card) return null;
      const version = versionOf(card);
      return { version, png: await cache.picture(`user:${version}`, () => profileLayout(card), admit) };
    },

    sitePicture(): Promise<Buffer> {
      return cache.picture('site', siteLayout, async () => undefined);
    },
  };
}
