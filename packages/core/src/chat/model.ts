/**
 * The chat's data and the guest form rules, shared by the server
 * (to enforce) and the web and desktop widgets (to explain).
 */
import { z } from 'zod';
import { CHAT_GUEST_SESSION_MS } from '../constants';
import { dutch } from '../validation/messages';
import { cleanLine } from '../validation/text';
import { CHAT_TEXTS } from './strings';

export const CHAT_SENDERS = ['user', 'guest', 'support', 'system'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];

/** What the server says about a session. 'closed' is also what a 403 on check-messages means. */
export const CHAT_SESSION_STATUSES = ['active', 'resolved', 'closed'] as const;
export type ChatSessionStatus = (typeof CHAT_SESSION_STATUSES)[number];

export const GUEST_NAME_MIN_LENGTH = 2;
export const GUEST_NAME_MAX_LENGTH = 100;
/** RFC 5321 path limit; longer cannot be delivered anyway. */
export const GUEST_EMAIL_MAX_LENGTH = 254;
/** A bound so one message cannot flood support or the database. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/** Dates on the wire are ISO-8601 strings (API shapes); an offset is accepted as well as Z. */
const isoTimestamp = z.iso.datetime({ offset: true });

export const chatMessageSchema = z.object({
  id: z.string().min(1),
  text: z.string(),
  sender: z.enum(CHAT_SENDERS),
  timestamp: isoTimestamp,
  delivered: z.boolean(),
  read: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * A guest's name, shown to support and in mails: control and bidi characters dropped (a NUL, an
 * override turning the rest around), one line, trimmed; then 2 to 100 characters.
 */
export const guestNameSchema = z
  .string(dutch({ required: CHAT_TEXTS.nameTooShort }))
  .overwrite((name) => cleanLine(name))
  .min(GUEST_NAME_MIN_LENGTH, CHAT_TEXTS.nameTooShort)
  .max(GUEST_NAME_MAX_LENGTH, CHAT_TEXTS.nameTooLong(GUEST_NAME_MAX_LENGTH));

/**
 * Guest details as sent with every guest call. The name is trimmed and needs 2 characters;
 * the e-mail is required here, its real check is the server's validate-email.
 */
export const guestInfoSchema = z.object({
  name: guestNameSchema,
  email: z
    .string()
    .trim()
    .min(1, CHAT_TEXTS.emailRequired)
    .max(GUEST_EMAIL_MAX_LENGTH, CHAT_TEXTS.emailInvalid),
});
export type GuestInfo = z.infer<typeof guestInfoSchema>;

/** A chat message's text as the user typed it: trimmed, not empty, bounded. */
export const chatMessageTextSchema = z
  .string()
  .trim()
  .min(1)
  .max(CHAT_MESSAGE_MAX_LENGTH, CHAT_TEXTS.messageTooLong(CHAT_MESSAGE_MAX_LENGTH));

export type GuestFormErrors = Partial<Record<keyof GuestInfo, string>>;

/** The guest form's own checks before anything is sent: `{}` when the form may be submitted. */
export function validateGuestForm(input: { name: string; email: string }): GuestFormErrors {
  const result = guestInfoSchema.safeParse(input);
  if (result.success) return {};
  const errors: GuestFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'email') && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/**
 * The e-mail error to show after the server's validate-email answered, or `null` when valid.
 * `'failed'` means the call itself failed (network, 5xx).
 */
export function guestEmailError(
  validation: { valid: boolean; error?: string | undefined } | 'failed',
): string | null {
  if (validation === 'failed') return CHAT_TEXTS.emailValidationFailed;
  if (validation.valid) return null;
  return validation.error?.trim() || CHAT_TEXTS.emailInvalid;
}

/** A message may be sent when it is non-empty after trimming and no earlier send is in flight. */
export function canSendChatMessage(text: string, sending: boolean): boolean {
  return !sending && text.trim().length > 0;
}

/**
 * A stored guest session is valid for 24 h after it was stored (inclusive). A time in the
 * future means the clock moved or the entry is corrupt: it is not trusted.
 */
export function isGuestSessionValid(storedAt: number, now: number): boolean {
  const age = now - storedAt;
  return Number.isFinite(age) && age >= 0 && age <= CHAT_GUEST_SESSION_MS;
}

/** What the widgets keep locally, so a reload or the next visit picks the chat up again. */
export const CHAT_STORAGE_KEYS = {
  guestSession: 'chat_guest_session',
  sessionId: 'chat_session_id',
  messages: 'chat_messages',
  hasInteracted: 'chat_has_interacted',
} as const;

/** The stored guest session; read back with `parseStoredGuestSession` since storage is untrusted. */
export const storedGuestSessionSchema = z.object({
  sessionId: z.string().min(1),
  guestInfo: guestInfoSchema,
  storedAt: z.number().finite(),
});
export type StoredGuestSession = z.infer<typeof storedGuestSessionSchema>;

/** The stored guest session if it parses and is still within its 24 h, else `null`. */
export function parseStoredGuestSession(raw: unknown, now: number): StoredGuestSession | null {
  const result = storedGuestSessionSchema.safeParse(raw);
  if (!result.success || !isGuestSessionValid(result.data.storedAt, now)) return null;
  return result.data;
}

/** The stored messages if they parse, else `null`: storage is untrusted. */
export function parseStoredChatMessages(raw: unknown): ChatMessage[] | null {
  const result = z.array(chatMessageSchema).safeParse(raw);
  return result.success ? result.data : null;
}
