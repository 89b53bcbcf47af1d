import { z } from '@hono/zod-openapi';
import { processResults, reportResults, reportTypes, targetTypes } from './tables.js';

const roomId = z.string().uuid();

/** R1 body: the reporter comes from the token; a `userId`, when sent, must be the caller. */
export const fileReportSchema = z
  .object({
    userId: z.number().int().positive().optional(),
    targetUserId: z.number().int().positive(),
    targetType: z.enum(targetTypes).default('CHAT'),
    targetRoomId: roomId.nullable().default(null),
    content: z.string().max(1000).default(''),
    reportType: z.enum(reportTypes),
  })
  .openapi('ReportRequest');

/** R2 query: empty strings mean "no filter" (the client always sends every key). */
const emptyAsUndefined = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
export const adminListQuery = z.object({
  q: z
    .string()
    .max(50)
    .optional()
    .openapi({ param: { in: 'query' }, description: '신고당한 사용자 닉네임 일부' }),
  type: emptyAsUndefined(z.enum(reportTypes)).openapi({ param: { in: 'query' } }),
  result: emptyAsUndefined(z.enum(reportResults)).openapi({ param: { in: 'query' } }),
  p: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(1)
    .openapi({ param: { in: 'query' } }),
});

/** R4 body: the handler is the caller; `assignedUserId`, when sent, must be the caller. */
export const processSchema = z
  .object({
    result: z.enum(processResults),
    reportContent: z.string().trim().max(2000).default(''),
    assignedUserId: z.number().int().positive().optional(),
  })
  .openapi('ReportProcess');

export const reportRowSchema = z
  .object({
    id: z.number().int(),
    nickname: z.string(),
    targetNickname: z.string(),
    reportType: z.string(),
    reportTypeCode: z.enum(reportTypes),
    reportResult: z.string(),
    reportResultCode: z.enum(reportResults),
    status: z.enum(['미처리', '처리 완료']),
    createdAt: z.string(),
    reportedAt: z.string().nullable(),
    createdAtIso: z.iso.datetime(),
    reportedAtIso: z.iso.datetime().nullable(),
    handlerNickname: z.string().nullable(),
  })
  .openapi('ReportRow');

export const reportDetailSchema = reportRowSchema
  .extend({
    userId: z.number().int(),
    targetType: z.enum(targetTypes),
    targetRoomId: z.string().nullable(),
    targetUserId: z.number().int(),
    content: z.string(),
    reportContent: z.string().nullable(),
    assignedUserId: z.number().int().nullable(),
    aslignedUserId: z.number().int().nullable(),
  })
  .openapi('ReportDetail');
