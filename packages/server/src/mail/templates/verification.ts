import { html } from '../html';
import { button, greeting, layout, link, paragraph, type TemplateContext } from './layout';

export interface VerificationData {
  name?: string | null;
  url: string;
  validHours: number;
}

export function verification(data: VerificationData, context: TemplateContext) {
  const intro = 'Welkom bij Prijsalarm! Bevestig je e-mailadres om je account te activeren.';
  const validity = `Deze link is ${data.validHours} uur geldig.`;
  const fallback = 'Werkt de knop niet? Kopieer dan deze link naar je browser:';
  const ignore = 'Heb je geen account aangemaakt bij Prijsalarm? Dan kun je deze e-mail negeren.';
  return layout(
    {
      subject: 'Bevestig je e-mailadres voor Prijsalarm',
      preheader: intro,
      body: html`${paragraph(greeting(data.name))}${paragraph(intro)}${button(data.url, 'E-mailadres bevestigen')}${paragraph(validity)}${paragraph(html`${fallback}<br />${link(data.url)}`)}${paragraph(ignore)}`,
      textParagraphs: [
        greeting(data.name),
        intro,
        `E-mailadres bevestigen: ${data.url}`,
        validity,
        ignore,
      ],
      links: [data.url],
    },
    context,
  );
}
