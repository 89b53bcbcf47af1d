import { CONTINENT_LABELS, POSITION_LABELS, PUBLISHER_LABELS } from '@toron/engine';
import type { NewsRow } from '../news/tables.js';
import { sharesText, sideLine, stageText, swingText, voteShares, type DebateCard } from './debate-card.js';
import { CARD_SIZE, clip, SITE_CARD_PATH, type PageMeta } from './page-meta.js';
import type { ProfileCard } from './preview/profile-layout.js';

const DESCRIPTION_MAX = 180;

/** The preview URLs of our own pictures carry the card's version, so a changed card is fetched anew. */
const picture = (url: string, alt: string) => ({ url, alt, size: CARD_SIZE });

/**
 * A debate's preview: its title; the stage or result (with the vote's shares), the two sides,
 * the swing when measured, then its description. The canonical page is the live room while it
 * runs and the archive once it ended.
 */
export function debateMeta(card: DebateCard, publicUrl: string, version: string): PageMeta {
  const ended = card.stage === 'ended';
  const shares = voteShares(card);
  const result = shares ? `${stageText(card)} (${sharesText(shares)})` : stageText(card);
  const sides = `${POSITION_LABELS.PRO} ${sideLine(card.pro)} vs ${POSITION_LABELS.CON} ${sideLine(card.con)}`;
  const parts = [result, sides, ...(card.swing ? [`청중을 움직인 쪽 ${swingText(card.swing)}`] : []), card.description];
  return {
    title: card.title,
    description: clip(parts.filter(Boolean).join(' · '), DESCRIPTION_MAX),
    url: `${publicUrl}/${ended ? 'archived-room' : 'observing-zone'}/${card.roomId}`,
    type: 'website',
    image: picture(
      `${publicUrl}/previews/rooms/${card.roomId}.png?v=${version}`,
      `${card.title}: ${sides}, ${stageText(card)}`,
    ),
  };
}

/** A news item's preview: title, publisher and region, the opening of the text, its own picture. */
export function newsMeta(row: NewsRow, publicUrl: string): PageMeta {
  const source = `${PUBLISHER_LABELS[row.newsType]} · ${CONTINENT_LABELS[row.continent]}`;
  const image = row.imgUrl ?? SITE_CARD_PATH;
  return {
    title: row.title,
    description: clip(`${source} — ${row.content}`, DESCRIPTION_MAX),
    url: `${publicUrl}/news/${row.id}`,
    type: 'article',
    image: {
      url: image.startsWith('/') ? `${publicUrl}${image}` : image,
      alt: row.title,
      size: row.imgUrl === null ? CARD_SIZE : null,
    },
    extra: { 'article:published_time': new Date(row.deliveryTime).toISOString() },
  };
}

/** 12승 3무 5패 */
const recordText = (card: ProfileCard) => `${card.wins}승 ${card.draws}무 ${card.losses}패`;

/** A member's preview: nickname, record and introduction, and their card. */
export function profileMeta(card: ProfileCard, publicUrl: string, version: string): PageMeta {
  return {
    title: `${card.nickname}님의 토론 프로필`,
    description: clip(`${recordText(card)} · ${card.introduction || '아직 소개가 없습니다'}`, DESCRIPTION_MAX),
    url: `${publicUrl}/user-page/${card.userId}`,
    type: 'profile',
    image: picture(
      `${publicUrl}/previews/users/${card.userId}.png?v=${version}`,
      `${card.nickname} · ${recordText(card)}`,
    ),
    extra: { 'profile:username': card.nickname },
  };
}
