/**
 * Room info as the room lists read it (docs/product-rules.md#room-list), parsed with the engine's wire schema field by
 * field: only the uuid is required (rooms are opened by it); a field the server left out or sent
 * unreadable is null, and the page shows the room list's default for it.
 */
import { roomInfoSchema, type RoomListSnapshot } from '@toron/engine';
import { z } from 'zod';

const lenient = <T extends z.ZodType>(schema: T) => schema.nullish().catch(null);
const field = roomInfoSchema.shape;

export const listedRoomSchema = z.object({
  uuid: field.uuid.min(1),
  title: lenient(field.title),
  description: lenient(field.description),
  categoryType: lenient(field.categoryType),
  continentType: lenient(field.continentType),
  memberNumberType: lenient(field.memberNumberType),
  timeType: lenient(field.timeType),
  speakCountType: lenient(field.speakCountType),
  proUsers: lenient(field.proUsers),
  conUsers: lenient(field.conUsers),
  outcome: lenient(field.outcome.unwrap()),
});
export type ListedRoom = z.infer<typeof listedRoomSchema>;

/** A list where unreadable items are skipped rather than failing the list; a missing list reads as empty. */
export const itemsOf = <T>(item: z.ZodType<T>) =>
  z
    .array(z.unknown())
    .nullish()
    .catch(null)
    .transform((items) =>
      (items ?? []).flatMap((value) => {
        const parsed = item.safeParse(value);
        return parsed.success ? [parsed.data] : [];
      }),
    );

/** The rooms of a room-list entry; entries without a readable `debateRoomResponse` are skipped. */
export const listedEntriesOf = <T>(view: (room: ListedRoom) => T) =>
  itemsOf(z.object({ debateRoomResponse: listedRoomSchema }).transform((e) => view(e.debateRoomResponse)));

/** A snapshot array by its wire name. */
export type SnapshotList = Exclude<keyof RoomListSnapshot, 'roomCount'>;
