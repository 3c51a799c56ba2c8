import { html } from '../html';
import { button, greeting, layout, link, paragraph, type TemplateContext } from './layout';

export interface AlertConfirmationData {
  searchTerm: string;
  confirmUrl: string;
  manageUrl: string;
  validHours: number;
}

export function alertConfirmation(data: AlertConfirmationData, context: TemplateContext) {
  const intro = `Je hebt een prijsalarm aangemaakt voor "${data.searchTerm}". Bevestig je e-mailadres om meldingen te ontvangen.`;
  const validity = `Deze link is ${data.validHours} uur geldig. Zonder bevestiging ontvang je geen meldingen.`;
  const manage =
    'Je kunt je alert altijd aanpassen, pauzeren of verwijderen via je persoonlijke link:';
  const keepSafe =
    'Bewaar deze link goed en deel hem niet: iedereen met de link kan je alert beheren.';
  return layout(
    {
      subject: `Bevestig je prijsalarm voor "${data.searchTerm}"`,
      preheader: intro,
      body: html`${paragraph(greeting(null))}${paragraph(intro)}${button(data.confirmUrl, 'Alert bevestigen')}${paragraph(validity)}${paragraph(html`${manage}<br />${link(data.manageUrl)}`)}${paragraph(keepSafe)}`,
      textParagraphs: [
        greeting(null),
        intro,
        `Alert bevestigen: ${data.confirmUrl}`,
        validity,
        `${manage}\n${data.manageUrl}`,
        keepSafe,
      ],
      links: [data.confirmUrl, data.manageUrl],
    },
    context,
  );
}
