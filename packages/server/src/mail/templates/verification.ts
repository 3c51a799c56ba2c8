import { MAIL_TEXTS } from '@prijsalarm/core';
import type { TemplateContext } from './layout';
import { singleLinkMail } from './single-link';

export interface VerificationData {
  name?: string | null;
  url: string;
  validHours: number;
}

export function verification(data: VerificationData, context: TemplateContext) {
  const texts = MAIL_TEXTS.verification;
  return singleLinkMail(texts, texts.validity(data.validHours), data, context);
}
