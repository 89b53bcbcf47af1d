import { z } from '@hono/zod-openapi';
import { notificationSchema } from '@toron/engine';

export const idParam = z.coerce
  .number()
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER)
  .openapi({ param: { in: 'path' }, example: 1 });

export const pageQuery = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(1)
    .openapi({ param: { in: 'query' }, example: 1, description: '1부터 시작하는 페이지 번호' }),
});

export const notificationListSchema = z
  .object({
    unreadCount: z.number().int(),
    notifications: z
      .object({
        content: z.array(notificationSchema),
        pageable: z.object({ pageNumber: z.number().int(), pageSize: z.number().int() }).passthrough(),
        totalPages: z.number().int(),
        totalElements: z.number().int(),
      })
      .passthrough(),
  })
  .openapi('NotificationList');

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, { message: `${bytes} bytes expected` });

/** A browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});

const allowFlag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

/** saveToken / checkToken / removeToken: the subscription as `token` (its JSON text) or as `subscription`. */
export const tokenBodySchema = z
  .object({
    userId: z.number().int().positive(),
    token: z.string().max(8192).optional(),
    subscription: z.unknown().optional(),
    isAllow: allowFlag.optional(),
  })
  .openapi('PushToken');

export const tokenStateSchema = z.object({ isExist: z.boolean(), isAllow: z.boolean() }).openapi('PushTokenState');
