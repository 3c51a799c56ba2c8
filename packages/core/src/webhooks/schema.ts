/** POST /webhooks: the form's and the server's one check (the address check after DNS is the server's). */
import { z } from 'zod';
import { isRecordId } from '../validation/ids';
import { dutch } from '../validation/messages';
import { WEBHOOK_RULES } from './rules';
import { WEBHOOK_TEXTS } from './strings';

const texts = WEBHOOK_TEXTS.errors;

/** Why `value` is no acceptable webhook URL, or null. Only the shape: the server checks the address. */
export function webhookUrlProblem(value: string): string | null {
  const text = value.trim();
  if (text === '') return texts.urlRequired;
  if (text.length > WEBHOOK_RULES.urlMaxLength) return texts.urlTooLong;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return texts.urlInvalid;
  }
  if (url.protocol !== 'https:') return texts.httpsOnly;
  if (url.username !== '' || url.password !== '') return texts.credentials;
  if (url.hostname === '') return texts.urlInvalid;
  return null;
}

export const createWebhookSchema = z.object(
  {
    url: z
      .string({ error: texts.urlRequired })
      .trim()
      .superRefine((value, context) => {
        const problem = webhookUrlProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
    alertIds: z
      .array(z.string().refine(isRecordId, { error: texts.unknownAlert }), {
        error: texts.unknownAlert,
      })
      .min(1, { error: texts.noAlertChosen })
      .max(WEBHOOK_RULES.maxAlertIds, { error: texts.tooManyAlerts })
      .optional(),
  },
  dutch(),
);
export type CreateWebhookPayload = z.input<typeof createWebhookSchema>;
