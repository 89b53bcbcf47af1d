import { z } from 'zod';
import { api } from '../../lib/api';
import { queryKeys, queryOptions, skipToken, type QueryClient } from '../../lib/server-data';

const REASONS = ['OBSCENITY', 'SPAM', 'CUSS', 'FLOODING', 'LEAKAGE', 'DODGE'] as const;
export type Reason = (typeof REASONS)[number];
export type Result = 'WARNING' | 'SUSPENSION' | 'BAN' | 'NONE';

const rowSchema = z.object({
  id: z.number(),
  nickname: z.string(),
  targetNickname: z.string(),
  reportType: z.string(),
  reportTypeCode: z.enum(REASONS).optional(),
  reportResult: z.string(),
  reportResultCode: z.string().optional(),
  status: z.string(),
  createdAt: z.string(),
  reportedAt: z.string().nullable().optional(),
  /** The same moments to the millisecond (our server's addition; minutes only from another server). */
  createdAtIso: z.string().optional(),
  reportedAtIso: z.string().nullable().optional(),
  handlerNickname: z.string().nullable().optional(),
});
export type ReportRow = z.infer<typeof rowSchema>;

/** When a report was filed, and processed: to the millisecond from our server, to the minute from another. */
export const filedAt = (row: ReportRow): string => row.createdAtIso ?? row.createdAt;
export const processedAt = (row: ReportRow): string | null => row.reportedAtIso ?? row.reportedAt ?? null;

const detailSchema = rowSchema.extend({
  targetType: z.string(),
  targetRoomId: z.string().nullable(),
  targetUserId: z.number(),
  content: z.string(),
  reportContent: z.string().nullable(),
  aslignedUserId: z.number().nullable().optional(),
});
export type ReportDetail = z.infer<typeof detailSchema>;

/** R2: page 1 holds every report the list needs; `q` searches the reported user's nickname. */
export const reportListQuery = (q: string) =>
  queryOptions({
    queryKey: queryKeys.admin.reportList(q),
    queryFn: () =>
      api('/api/admin/reports', {
        query: { q, type: '', result: '', p: 1 },
        schema: z.object({ content: z.array(rowSchema) }),
      }).then((page) => page.content),
  });

/** R3: one report in full, for the modal (nothing while no modal is open). */
export const reportQuery = (id: number | null) =>
  queryOptions({
    queryKey: queryKeys.admin.report(id),
    queryFn: id === null ? skipToken : () => api(`/api/admin/reports/${id}`, { schema: detailSchema }),
  });

/** R4: process or edit, handled by the signed-in admin. */
export const processReport = (id: number, result: Result, reportContent: string, assignedUserId: number) =>
  api(`/api/admin/reports/${id}`, { method: 'PUT', json: { result, reportContent, assignedUserId } });

/** R5. */
export const restoreReport = (id: number) => api(`/api/admin/reports/${id}/restore`, { method: 'PUT' });

/**
 * What processing, editing or restoring a report changed: that report and every list it may be in.
 * The modal that showed the report closes with the action, so the report is only marked stale.
 */
export const afterStaffAction = (client: QueryClient, id: number): Promise<unknown> =>
  Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.admin.reportLists() }),
    client.invalidateQueries({ queryKey: queryKeys.admin.report(id), refetchType: 'none' }),
  ]);

const collisionsSchema = z.object({
  collisions: z.array(
    z.object({
      users: z.array(
        z.object({ id: z.number(), nickname: z.string(), role: z.string(), profileUrl: z.string().nullable() }),
      ),
    }),
  ),
});
export type CollisionUser = z.infer<typeof collisionsSchema>['collisions'][number]['users'][number];

/** Groups of look-alike nicknames stored before the server checked for them (oldest account first). */
export const nicknameCollisionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.nicknameCollisions(),
    queryFn: async () =>
      (await api('/api/admin/nickname-collisions', { schema: collisionsSchema })).collisions.map((c) => c.users),
  });

/** Staff rename a user; the server applies the members' nickname rules. */
export const renameUser = (id: number, nickname: string) =>
  api(`/api/admin/users/${id}/nickname`, { method: 'PUT', json: { nickname } });

/** What a staff rename changed: the look-alike groups and the user's profile and nickname wherever shown. */
export const afterRename = (client: QueryClient, id: number): Promise<unknown> =>
  Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.admin.nicknameCollisions() }),
    client.invalidateQueries({ queryKey: queryKeys.users.profile(id) }),
    client.invalidateQueries({ queryKey: queryKeys.users.nickname(id) }),
  ]);
