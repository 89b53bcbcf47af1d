import type { EventDraft, RoomEvent } from '../events/schema.js';
import { rejection, type Rejection, type RejectionCode } from './rejection.js';

/** What the decider answers: the events to append, or a rejection. */
export type Decision =
  { readonly ok: true; readonly events: readonly RoomEvent[] } | { readonly ok: false; readonly rejection: Rejection };

/** The inner answer of a command handler: event drafts (stamped later) or a rejection code. */
export type Verdict = { readonly drafts: readonly EventDraft[] } | { readonly refuse: RejectionCode };

/** A verdict accepting the command with these drafts. */
export const accept = (...drafts: EventDraft[]): Verdict => ({ drafts });

/** A verdict refusing the command. */
export const refuse = (code: RejectionCode): Verdict => ({ refuse: code });

/** The decision for a refused command. */
export const refused = (code: RejectionCode): Decision => ({ ok: false, rejection: rejection(code) });
