/**
 * POST /contact: the contact form, mailed to SUPPORT_EMAIL with Reply-To set to the sender so
 * support answers with one click (commands/contact.ts).
 */
import { API_CONTRACT, CONTACT_TEXTS, contactSchema } from '@prijsalarm/core';
import { sendContactMessage } from '../../commands/contact';
import type { AppContext } from '../../context';
import { route, type BoundRoute } from '../../http/contract-route';
import { rateLimit } from '../../http/rate-limit';

/** Override with RATE_LIMITS="contact-ip=…/…". */
export const CONTACT_RATE_LIMIT = { points: 5, duration: 60 * 60 };

export default function contactRoutes(ctx: AppContext): BoundRoute[] {
  return [
    route(
      API_CONTRACT.contact.send,
      {
        before: [rateLimit('contact-ip', { ...CONTACT_RATE_LIMIT, key: (req) => req.ip })],
        schemas: { body: contactSchema },
      },
      async (req) => {
        await sendContactMessage(ctx, req.input.body);
        return { message: CONTACT_TEXTS.sent };
      },
    ),
  ];
}
