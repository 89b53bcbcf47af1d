/**
 * The names of everything the web app caches from the server. Keys go from general to particular,
 * so a change can mark exactly what it touched as stale: one article (for every viewer), one user's
 * liked list, every follow list, the whole ranking.
 */
export const queryKeys = {
  news: {
    /** Every news list (the infinite lists of the news screen). */
    lists: () => ['news', 'list'] as const,
    /** The lists in one order: a like can move an article in the popular ones. */
    listsSortedBy: (sort: string) => ['news', 'list', sort] as const,
    list: (sort: string, continent: string, q: string) => ['news', 'list', sort, continent, q] as const,
    /** The home's most-liked ten. */
    ranking: () => ['news', 'ranking'] as const,
    /** One article, as every viewer sees it. */
    article: (newsId: number) => ['news', 'detail', newsId] as const,
    /** One article with the viewer's own like and bookmark. */
    detail: (newsId: number, viewerId: number | null) => ['news', 'detail', newsId, viewerId] as const,
    /** The title and region a new debate room links to. */
    link: (newsId: number | null) => ['news', 'link', newsId] as const,
  },
  users: {
    profile: (userId: number) => ['users', 'profile', userId] as const,
    nickname: (userId: number) => ['users', 'nickname', userId] as const,
    /** The staff accounts' ids (the 운영자 badge). */
    staff: () => ['users', 'staff'] as const,
    saved: (kind: 'likes' | 'bookmarks', userId: number) => ['users', kind, userId] as const,
    debates: (userId: number) => ['users', 'debates', userId] as const,
    /** Every follower and following list. */
    follows: () => ['users', 'follows'] as const,
    followers: (userId: number) => ['users', 'follows', 'followers', userId] as const,
    followees: (userId: number) => ['users', 'follows', 'followees', userId] as const,
  },
  /** The debater ranking, per search term ('' for the full ranking). */
  ranking: {
    all: () => ['ranking'] as const,
    search: (term: string, order: string = 'rating') => ['ranking', term, order] as const,
  },
  /** Glicko-2 ratings: a member's rating with its history, and what one debate changed. */
  ratings: {
    all: () => ['ratings'] as const,
    user: (userId: number) => ['ratings', 'user', userId] as const,
    room: (roomId: string) => ['ratings', 'room', roomId] as const,
  },
  /** Stances measured: what one finished debate did to its viewers, and a member's 설득력. */
  persuasion: {
    room: (roomId: string) => ['persuasion', 'room', roomId] as const,
    user: (userId: number) => ['persuasion', 'user', userId] as const,
  },
  rooms: {
    finished: (params: Readonly<Record<string, string | number>>) => ['rooms', 'finished', params] as const,
    archive: (roomId: string) => ['rooms', 'archive', roomId] as const,
    /** A live room's info as its page first loads it (fetched, retried like any query, not watched). */
    live: (roomId: string) => ['rooms', 'live', roomId] as const,
  },
  admin: {
    /** Every report list the staff searched. */
    reportLists: () => ['admin', 'reports', 'list'] as const,
    reportList: (q: string) => ['admin', 'reports', 'list', q] as const,
    report: (reportId: number | null) => ['admin', 'reports', 'detail', reportId] as const,
    /** The groups of look-alike nicknames stored before the confusable check. */
    nicknameCollisions: () => ['admin', 'nickname-collisions'] as const,
  },
  notifications: (userId: number) => ['notifications', userId] as const,
  signInProviders: () => ['auth', 'providers'] as const,
};
