/**
 * The Dutch answers about accounts and sessions (server routes/auth): signing up, in and out, the
 * one-time links, passwords.
 */
export const AUTH_TEXTS = {
  registered:
    'Bedankt voor je aanmelding! We hebben een e-mail gestuurd met een link om je account te activeren. Controleer ook je spam-map.',
  invalidCredentials: 'Onjuist e-mailadres of wachtwoord.',
  emailNotVerified:
    'Bevestig eerst je e-mailadres via de link in de e-mail die we je hebben gestuurd.',
  verifyLinkInvalid:
    'Deze bevestigingslink is ongeldig, verlopen of al gebruikt. Log in of vraag een nieuwe link aan.',
  loggedOut: 'Je bent uitgelogd.',
  loggedOutEverywhere: 'Je bent op al je apparaten uitgelogd.',
  sessionExpired: 'Je sessie is verlopen. Log opnieuw in.',
  resetRequested:
    'Als dit e-mailadres bij ons bekend is, hebben we een e-mail gestuurd met een link om je wachtwoord opnieuw in te stellen.',
  resetLinkInvalid:
    'Deze link om je wachtwoord opnieuw in te stellen is ongeldig, verlopen of al gebruikt. Vraag een nieuwe link aan.',
  passwordReset: 'Je wachtwoord is gewijzigd. Je kunt nu inloggen met je nieuwe wachtwoord.',
  passwordChanged: 'Je wachtwoord is gewijzigd. Log opnieuw in met je nieuwe wachtwoord.',
  currentPasswordWrong: 'Je huidige wachtwoord is onjuist.',
  passwordWrong: 'Het wachtwoord is onjuist.',
  accountDeleted: 'Je account en al je gegevens zijn verwijderd.',
  loginLinkSent:
    'Als dit e-mailadres bij ons bekend is, hebben we een e-mail gestuurd met een link om in te loggen.',
  loginLinkInvalid:
    'Deze inloglink is ongeldig, verlopen of al gebruikt. Vraag een nieuwe inloglink aan.',
  sessionNotFound: 'Deze sessie bestaat niet (meer).',
  sessionEnded: 'De sessie is beëindigd.',
} as const;
