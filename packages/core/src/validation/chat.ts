/**
 * Chat guest details as a request field: name trimmed, at least 2 characters; e-mail
 * required and, when it reaches the server, well-formed. The lengths are the chat module's.
 */
import { z } from 'zod';
import { guestNameSchema } from '../chat/model';

// The message rules live with the chat; listed here so every form rule is found in one folder.
export { CHAT_MESSAGE_MAX_LENGTH, canSendChatMessage, chatMessageTextSchema } from '../chat/model';
import { CHAT_TEXTS } from '../chat/strings';
import { emailSchema } from './common';
import { dutch } from './messages';

export const chatGuestInfoSchema = z.object(
  {
    name: guestNameSchema,
    email: emailSchema({
      required: CHAT_TEXTS.emailRequired,
      invalid: CHAT_TEXTS.emailInvalid,
    }),
  },
  dutch(),
);
export type ChatGuestInfoPayload = z.input<typeof chatGuestInfoSchema>;
