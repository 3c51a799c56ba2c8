import { html } from '../html';
import { button, greeting, layout, link, paragraph, type TemplateContext } from './layout';

export interface AccountExistsData {
  name?: string | null;
  loginUrl: string;
  resetUrl: string;
}

/** Sent instead of a verification mail when someone registers with an address that has an account. */
export function accountExists(data: AccountExistsData, context: TemplateContext) {
  const intro =
    'Iemand (waarschijnlijk jij) probeerde een nieuw Prijsalarm-account aan te maken met dit e-mailadres. Je hebt al een account, dus je kunt gewoon inloggen.';
  const forgot = 'Weet je je wachtwoord niet meer? Stel dan een nieuw wachtwoord in:';
  const ignore =
    'Heb je dit niet zelf gedaan? Dan kun je deze e-mail negeren; er is niets gewijzigd.';
  return layout(
    {
      subject: 'Je hebt al een account bij Prijsalarm',
      preheader: intro,
      body: html`${paragraph(greeting(data.name))}${paragraph(intro)}${button(data.loginUrl, 'Inloggen')}${paragraph(html`${forgot}<br />${link(data.resetUrl)}`)}${paragraph(ignore)}`,
      textParagraphs: [
        greeting(data.name),
        intro,
        `Inloggen: ${data.loginUrl}`,
        `${forgot} ${data.resetUrl}`,
        ignore,
      ],
      links: [data.loginUrl, data.resetUrl],
    },
    context,
  );
}
