/**
 * The chat's e-mail check (POST /chat/validate-email): a normalized address, or the Dutch reason
 * it is not one. The server answers with this; widgets show `error` as it is.
 */
import { z } from 'zod';
import { GUEST_EMAIL_MAX_LENGTH } from './model';
import type { ChatValidateEmailResponse } from './http';
import { CHAT_TEXTS } from './strings';

const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export function validateChatEmail(input: string): ChatValidateEmailResponse {
  const email = input.trim();
  if (email === '') return { valid: false, error: CHAT_TEXTS.emailRequired };
  if (email.length > GUEST_EMAIL_MAX_LENGTH)
    return { valid: false, error: CHAT_TEXTS.emailInvalid };
  const at = email.lastIndexOf('@');
  if (at < 0) return { valid: false, error: CHAT_TEXTS.email.missingAt };
  const domain = email.slice(at + 1);
  if (domain === '') return { valid: false, error: CHAT_TEXTS.email.missingDomain };
  const labels = domain.split('.');
  if (
    labels.length < 2 ||
    !labels.every((label) => DOMAIN_LABEL.test(label)) ||
    /^\d+$/.test(labels.at(-1)!)
  ) {
    return { valid: false, error: CHAT_TEXTS.email.invalidDomain };
  }
  if (!z.email().safeParse(email).success) return { valid: false, error: CHAT_TEXTS.emailInvalid };
  return { valid: true, normalized: email.toLowerCase() };
}

/** The status line for support being on- or offline (GET /chat/online-status `statusMessage`). */
export function chatSupportStatusMessage(isOnline: boolean): string {
  return isOnline ? CHAT_TEXTS.status.online : CHAT_TEXTS.status.offline;
}
