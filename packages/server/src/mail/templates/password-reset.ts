import { html } from '../html';
import { button, greeting, layout, link, paragraph, type TemplateContext } from './layout';

export interface PasswordResetData {
  name?: string | null;
  url: string;
  validMinutes: number;
}

export function passwordReset(data: PasswordResetData, context: TemplateContext) {
  const intro =
    'We hebben een verzoek ontvangen om het wachtwoord van je Prijsalarm-account opnieuw in te stellen.';
  const validity = `Deze link is ${data.validMinutes} minuten geldig en werkt één keer.`;
  const fallback = 'Werkt de knop niet? Kopieer dan deze link naar je browser:';
  const ignore =
    'Heb je dit niet aangevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft ongewijzigd.';
  return layout(
    {
      subject: 'Stel een nieuw wachtwoord in voor Prijsalarm',
      preheader: intro,
      body: html`${paragraph(greeting(data.name))}${paragraph(intro)}${button(data.url, 'Nieuw wachtwoord instellen')}${paragraph(validity)}${paragraph(html`${fallback}<br />${link(data.url)}`)}${paragraph(ignore)}`,
      textParagraphs: [
        greeting(data.name),
        intro,
        `Nieuw wachtwoord instellen: ${data.url}`,
        validity,
        ignore,
      ],
      links: [data.url],
    },
    context,
  );
}
