/**
 * Chat guest details as a request field: name trimmed, at least 2 characters; e-mail
 * required and, when it reaches the server, well-formed. The lengths are the chat module's.
 */
import { z } from 'zod';
import { GUEST_NAME_MAX_LENGTH, GUEST_NAME_MIN_LENGTH } from '../chat/model';

// The message rules live with the chat; listed here so every form rule is found in one folder.
export { CHAT_MESSAGE_MAX_LENGTH, canSendChatMessage, chatMessageTextSchema } from '../chat/model';
import { STRINGS } from '../strings';
import { emailSchema } from './common';
import { dutch } from './messages';

export const chatGuestInfoSchema = z.object(
  {
    name: z
      .string(dutch({ required: STRINGS.chat.nameTooShort }))
      .trim()
      .min(GUEST_NAME_MIN_LENGTH, STRINGS.chat.nameTooShort)
      .max(GUEST_NAME_MAX_LENGTH, STRINGS.chat.nameTooLong(GUEST_NAME_MAX_LENGTH)),
    email: emailSchema({
      required: STRINGS.chat.emailRequired,
      invalid: STRINGS.chat.emailInvalid,
    }),
  },
  dutch(),
);
export type ChatGuestInfoPayload = z.input<typeof chatGuestInfoSchema>;
