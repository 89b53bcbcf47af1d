import { z } from 'zod';
import { textLength } from '../text/length.js';
import { visibleText } from '../text/visible-text.js';
import { CATEGORIES, CONTINENTS, FORMATS, MAX_TURNS_PER_SIDE, MIN_TURNS_PER_SIDE, SECONDS_PER_TURN } from './codes.js';

/** Longest title or description, in characters (code points, docs/product-rules.md#text-length). */
export const MAX_TITLE_LENGTH = 30;

// JSON Schema's maxLength counts code points too, so the documents can say it.
const shortText = z
  .string()
  .transform(visibleText)
  .pipe(
    z
      .string()
      .min(1)
      .refine((text) => textLength(text) <= MAX_TITLE_LENGTH)
      .meta({ maxLength: MAX_TITLE_LENGTH }),
  );

/** Room settings as chosen on the creation screen; title and description are stored as their visible text. */
export const roomSettingsSchema = z.object({
  title: shortText,
  description: shortText,
  continent: z.enum(CONTINENTS),
  category: z.enum(CATEGORIES),
  format: z.enum(FORMATS),
  secondsPerTurn: z.literal(SECONDS_PER_TURN),
  turnsPerSide: z.number().int().min(MIN_TURNS_PER_SIDE).max(MAX_TURNS_PER_SIDE),
  resultEnabled: z.boolean(),
  newsId: z.number().int().positive().optional(),
  newsUrl: z.string().min(1).max(500).optional(),
  creatorId: z.number().int().positive(),
});

/** Valid, normalised room settings. */
export type RoomSettings = z.infer<typeof roomSettingsSchema>;

/** Settings as a caller may send them (before trimming). */
export type RoomSettingsInput = z.input<typeof roomSettingsSchema>;
