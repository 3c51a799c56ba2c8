/** POST /push/subscriptions: the one check of what a browser's PushSubscription.toJSON() hands over. */
import { z } from 'zod';
import { dutch } from '../validation/messages';
import { PUSH_RULES } from './rules';
import { PUSH_TEXTS } from './strings';

const texts = PUSH_TEXTS.errors;

/** base64url of `bytes` bytes, with or without padding. */
const base64urlOf = (bytes: number) => {
  const chars = Math.ceil((bytes * 4) / 3);
  return new RegExp(`^[A-Za-z0-9_-]{${chars}}={0,2}$`);
};
/** The browser's P-256 public key: an uncompressed point of 65 bytes, which starts with 0x04 ("B"). */
const P256DH = base64urlOf(65);
/** The auth secret: 16 random bytes. */
const AUTH = base64urlOf(16);

/** Why `value` is no acceptable endpoint, or null. Only its shape: which hosts is the server's rule. */
export function pushEndpointProblem(value: string): string | null {
  const text = value.trim();
  if (text === '') return texts.endpointRequired;
  if (text.length > PUSH_RULES.endpointMaxLength) return texts.endpointInvalid;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return texts.endpointInvalid;
  }
  if (url.protocol !== 'https:') return texts.httpsOnly;
  if (url.username !== '' || url.password !== '' || url.hostname === '') {
    return texts.endpointInvalid;
  }
  return null;
}

export const createPushSubscriptionSchema = z.object(
  {
    endpoint: z
      .string({ error: texts.endpointRequired })
      .trim()
      .superRefine((value, context) => {
        const problem = pushEndpointProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
    keys: z.object(
      {
        p256dh: z
          .string({ error: texts.keysInvalid })
          .regex(P256DH, { error: texts.keysInvalid })
          .refine((value) => value.startsWith('B'), { error: texts.keysInvalid }),
        auth: z.string({ error: texts.keysInvalid }).regex(AUTH, { error: texts.keysInvalid }),
      },
      { error: texts.keysInvalid },
    ),
    label: z
      .string()
      .trim()
      .max(PUSH_RULES.labelMaxLength, { error: texts.labelTooLong })
      .optional(),
  },
  dutch(),
);
export type CreatePushSubscriptionPayload = z.input<typeof createPushSubscriptionSchema>;
