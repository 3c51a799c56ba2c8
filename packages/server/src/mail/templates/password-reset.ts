import { MAIL_TEXTS } from '@prijsalarm/core';
import type { TemplateContext } from './layout';
import { singleLinkMail } from './single-link';

export interface PasswordResetData {
  name?: string | null;
  url: string;
  validMinutes: number;
}

export function passwordReset(data: PasswordResetData, context: TemplateContext) {
  const texts = MAIL_TEXTS.passwordReset;
  return singleLinkMail(texts, texts.validity(data.validMinutes), data, context);
}
