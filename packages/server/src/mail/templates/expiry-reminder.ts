import { html } from '../html';
import {
  button,
  formatDutchDateTime,
  greeting,
  layout,
  link,
  paragraph,
  type TemplateContext,
} from './layout';

export interface ExpiryReminderData {
  name?: string | null;
  searchTerm: string;
  expiresAt: Date;
  refreshUrl: string;
  manageUrl: string;
}

export function expiryReminder(data: ExpiryReminderData, context: TemplateContext) {
  const when = formatDutchDateTime(data.expiresAt);
  const intro = `Je prijsalarm voor "${data.searchTerm}" verloopt op ${when}. Daarna ontvang je geen meldingen meer voor deze zoekopdracht.`;
  const extend = 'Wil je meldingen blijven ontvangen? Verleng je alert met één klik.';
  const manage = 'Je alert aanpassen, pauzeren of verwijderen kan via je persoonlijke link:';
  return layout(
    {
      subject: `Je prijsalarm voor "${data.searchTerm}" verloopt binnenkort`,
      preheader: intro,
      body: html`${paragraph(greeting(data.name))}${paragraph(intro)}${paragraph(extend)}${button(data.refreshUrl, 'Alert verlengen')}${paragraph(html`${manage}<br />${link(data.manageUrl)}`)}`,
      textParagraphs: [
        greeting(data.name),
        intro,
        extend,
        `Alert verlengen: ${data.refreshUrl}`,
        `${manage}\n${data.manageUrl}`,
      ],
      links: [data.refreshUrl, data.manageUrl],
    },
    context,
  );
}
