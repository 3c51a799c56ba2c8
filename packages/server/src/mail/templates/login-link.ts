import { html } from '../html';
import { button, greeting, layout, link, paragraph, type TemplateContext } from './layout';

export interface LoginLinkData {
  name?: string | null;
  url: string;
  validMinutes: number;
}

export function loginLink(data: LoginLinkData, context: TemplateContext) {
  const intro = 'Klik op de knop hieronder om in te loggen bij Prijsalarm.';
  const validity = `Deze link is ${data.validMinutes} minuten geldig en werkt één keer.`;
  const fallback = 'Werkt de knop niet? Kopieer dan deze link naar je browser:';
  const ignore = 'Heb je niet geprobeerd in te loggen? Dan kun je deze e-mail negeren.';
  return layout(
    {
      subject: 'Je inloglink voor Prijsalarm',
      preheader: intro,
      body: html`${paragraph(greeting(data.name))}${paragraph(intro)}${button(data.url, 'Inloggen')}${paragraph(validity)}${paragraph(html`${fallback}<br />${link(data.url)}`)}${paragraph(ignore)}`,
      textParagraphs: [greeting(data.name), intro, `Inloggen: ${data.url}`, validity, ignore],
      links: [data.url],
    },
    context,
  );
}
