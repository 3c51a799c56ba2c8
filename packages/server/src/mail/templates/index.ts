/**
 * Every mail the product sends, by name. To add one: a file here exporting
 * `(data, context) => layout(...)`, and a line in MAIL_TEMPLATES. Texts are Dutch; every value is
 * escaped by the `html` tag.
 */
import { accountExists } from './account-exists';
import { alertConfirmation } from './alert-confirmation';
import { chatReply, chatSupportNotice } from './chat-mails';
import { contactMessage } from './contact-message';
import { expiryReminder } from './expiry-reminder';
import { loginLink } from './login-link';
import { newListings } from './new-listings';
import { passwordReset } from './password-reset';
import { receipt } from './receipt';
import { renewalFailed } from './renewal-failed';
import { verification } from './verification';
import { webhookDisabled } from './webhook-disabled';

export const MAIL_TEMPLATES = {
  verification,
  passwordReset,
  loginLink,
  alertConfirmation,
  expiryReminder,
  contactMessage,
  accountExists,
  newListings,
  // Payments
  receipt,
  renewalFailed,
  chatSupportNotice,
  chatReply,
  // Webhooks
  webhookDisabled,
} as const;

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;
export type MailTemplateData<N extends MailTemplateName> = Parameters<
  (typeof MAIL_TEMPLATES)[N]
>[0];

export type { RenderedMail, TemplateContext } from './layout';
export type { AccountExistsData } from './account-exists';
export type { AlertConfirmationData } from './alert-confirmation';
export type { ChatReplyData, ChatSupportNoticeData } from './chat-mails';
export type { ContactMessageData } from './contact-message';
export type { ExpiryReminderData } from './expiry-reminder';
export type { LoginLinkData } from './login-link';
export type { MailListing, NewListingsData, NewListingsGroup } from './new-listings';
export type { PasswordResetData } from './password-reset';
export type { ReceiptData } from './receipt';
export type { RenewalFailedData } from './renewal-failed';
export type { VerificationData } from './verification';
export type { WebhookDisabledData } from './webhook-disabled';
