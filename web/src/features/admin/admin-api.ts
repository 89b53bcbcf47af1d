import { z } from 'zod';
import { api } from '../../lib/api';

export const REASONS = ['OBSCENITY', 'SPAM', 'CUSS', 'FLOODING', 'LEAKAGE', 'DODGE'] as const;
export const RESULTS = ['WARNING', 'SUSPENSION', 'BAN', 'NONE'] as const;
export type Reason = (typeof REASONS)[number];
export type Result = (typeof RESULTS)[number];

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
  handlerNickname: z.string().nullable().optional(),
});
export type ReportRow = z.infer<typeof rowSchema>;

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
export const fetchReports = (q: string) =>
  api('/api/admin/reports', {
    query: { q, type: '', result: '', p: 1 },
    schema: z.object({ content: z.array(rowSchema) }),
  }).then((page) => page.content);

/** R3. */
export const fetchReport = (id: number) => api(`/api/admin/reports/${id}`, { schema: detailSchema });

/** R4: process or edit, handled by the signed-in admin. */
export const processReport = (id: number, result: Result, reportContent: string, assignedUserId: number) =>
  api(`/api/admin/reports/${id}`, { method: 'PUT', json: { result, reportContent, assignedUserId } });

/** R5. */
export const restoreReport = (id: number) => api(`/api/admin/reports/${id}/restore`, { method: 'PUT' });
