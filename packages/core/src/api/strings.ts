/** The Dutch texts of the API: the server's error answers and the client's own errors. */

/** Answers of the API: `error` of a 4xx/5xx body. */
export const API_TEXTS = {
  validationFailed: 'Controleer de ingevulde gegevens.',
  invalidJson: 'Het verzoek bevat geen geldige JSON.',
  payloadTooLarge: 'Het verzoek is te groot.',
  invalidPath: 'Het adres van het verzoek is ongeldig.',
  unreadableBody: 'De inhoud van het verzoek kon niet worden gelezen.',
  notFound: 'Niet gevonden.',
  routeNotFound: 'Deze API-route bestaat niet.',
  unauthenticated: 'Je moet ingelogd zijn om dit te doen.',
  forbidden: 'Je hebt geen toegang tot deze actie.',
  adminOnly: 'Alleen beheerders hebben toegang tot deze actie.',
  csrfInvalid: 'Ongeldig CSRF-token. Vernieuw de pagina en probeer het opnieuw.',
  tooManyRequests: 'Te veel verzoeken. Probeer het over een moment opnieuw.',
  internalError: 'Er ging iets mis aan onze kant. Probeer het later opnieuw.',
  /** GET /metrics without the right `Authorization: Bearer $METRICS_TOKEN` (operators only). */
  metricsTokenRequired: 'Geef het token uit METRICS_TOKEN mee: Authorization: Bearer <token>.',
} as const;

/** The API client's own errors, when the server gave no usable answer. */
export const API_CLIENT_TEXTS = {
  timeout: 'De server reageert niet. Probeer het later opnieuw.',
  network: 'Geen verbinding met de server. Controleer je internetverbinding.',
  aborted: 'Het verzoek is afgebroken.',
  unexpected: 'Er ging iets mis. Probeer het opnieuw.',
  invalidResponse: 'De server gaf een onverwacht antwoord. Probeer het later opnieuw.',
} as const;
