import { MAIL_TEXTS } from '@prijsalarm/core';
import type { TemplateContext } from './layout';
import { singleLinkMail } from './single-link';

export interface LoginLinkData {
  name?: string | null;
  url: string;
  validMinutes: number;
}

export function loginLink(data: LoginLinkData, context: TemplateContext) {
  const texts = MAIL_TEXTS.loginLink;
  return singleLinkMail(texts, texts.validity(data.validMinutes), data, context);
}
