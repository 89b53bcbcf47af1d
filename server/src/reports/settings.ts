import { z } from 'zod';
import { parseEnv } from '../config.js';

/** Moderation constants, configurable through the environment (read once when the feature is built). */
export type ModerationSettings = {
  /** Every Nth warning in force suspends (default 3). */
  warningsToSuspend: number;
  /** Length of a suspension in milliseconds (MODERATION_SUSPENSION_DAYS, default 3 days). */
  suspensionMs: number;
};

const schema = z.object({
  MODERATION_WARNINGS_TO_SUSPEND: z.coerce.number().int().min(1).max(100).default(3),
  MODERATION_SUSPENSION_DAYS: z.coerce.number().positive().max(3650).default(3),
});

/** Parses the moderation env (throws listing the problems). */
export function loadModerationSettings(env: NodeJS.ProcessEnv = process.env): ModerationSettings {
  const e = parseEnv(schema, env, 'moderation environment');
  return {
    warningsToSuspend: e.MODERATION_WARNINGS_TO_SUSPEND,
    suspensionMs: Math.round(e.MODERATION_SUSPENSION_DAYS * 24 * 60 * 60 * 1000),
  };
}
