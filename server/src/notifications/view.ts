import type { NotificationItem } from '@toron/engine';
import type { NotificationRow } from './tables.js';

/** Projects a stored row; the same row always gives the same JSON (the web app refetches on any change). */
export function toNotificationView(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    notificationType: row.type,
    typeId: row.typeId,
    content: row.content,
    statusType: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    ...(row.roomId === null ? {} : { roomId: row.roomId }),
  };
}

/** A Spring Data page (docs/wire-contract.md#pages-and-identifiers): `pageable.pageNumber` is 0-based. */
export function springPage<T>(content: T[], pageIndex: number, size: number, total: number) {
  const totalPages = Math.ceil(total / size);
  const sort = { empty: true, sorted: false, unsorted: true };
  return {
    content,
    pageable: { pageNumber: pageIndex, pageSize: size, offset: pageIndex * size, paged: true, unpaged: false, sort },
    totalPages,
    totalElements: total,
    size,
    number: pageIndex,
    first: pageIndex === 0,
    last: pageIndex >= totalPages - 1,
    numberOfElements: content.length,
    empty: content.length === 0,
    sort,
  };
}
