/**
 * The texts of the terms (/terms, /algemene-voorwaarden) and the privacy statement (/privacy,
 * /privacyverklaring). Separate exports, so a client bundles them only on the page that shows them.
 */
import { ACCESS_COOKIE, CSRF_COOKIE, REFRESH_COOKIE, REFRESH_MARKER_COOKIE } from '../constants';
import { COMPANY, COMPANY_ADDRESS } from '../app/company';

export interface LegalSection {
  id: string;
  title: string;
  paragraphs: string[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: LegalSection[];
}

const contact = `${COMPANY.legalName} (${COMPANY_ADDRESS}, ingeschreven bij de Kamer van Koophandel onder nummer ${COMPANY.chamberOfCommerceNumber}, btw-nummer ${COMPANY.vatNumber}, bereikbaar via ${COMPANY.contactEmail})`;

export const TERMS: LegalDocument = {
  title: 'Algemene voorwaarden',
  intro: `Deze voorwaarden gelden voor het gebruik van de website en de desktop-app van ${contact}.`,
  sections: [
    {
      id: 'definities',
      title: 'Artikel 1 – Definities',
      paragraphs: [
        'Dienst: de dienst van Prijsalarm waarmee je zoekopdrachten (alerts) opslaat en een melding krijgt wanneer er een nieuwe advertentie verschijnt die erbij past.',
        'Gebruiker: iedereen die de dienst gebruikt, met of zonder account.',
        'Marktplaatsen: de externe advertentiesites Marktplaats en 2dehands, waarop Prijsalarm zoekt. Prijsalarm is niet verbonden aan deze marktplaatsen.',
        'Pro: het betaalde abonnement met extra mogelijkheden.',
      ],
    },
    {
      id: 'toepasselijkheid',
      title: 'Artikel 2 – Toepasselijkheid',
      paragraphs: [
        'Deze voorwaarden gelden voor elk gebruik van de dienst. Door een alert aan te maken of een account te registreren ga je ermee akkoord.',
        'Wijkt een afspraak die we apart met je maken af van deze voorwaarden, dan geldt die afspraak.',
      ],
    },
    {
      id: 'dienst',
      title: 'Artikel 3 – De dienst',
      paragraphs: [
        'Prijsalarm controleert op gezette tijden de openbare advertenties op de marktplaatsen en stuurt je een melding als er een nieuwe advertentie is die past bij je alert. Hoe vaak we controleren, hoeveel alerts je kunt maken en hoe lang een alert actief blijft, hangt af van je plan en staat op de website vermeld.',
        'We doen ons best om nieuwe advertenties snel en volledig te melden, maar we kunnen niet garanderen dat elke advertentie wordt gevonden of dat een melding op een bepaald moment aankomt. De marktplaatsen bepalen zelf wat ze tonen.',
        'Prijsalarm is geen partij bij een koop. Kopen, betalen en afspraken maken doe je rechtstreeks met de verkoper, volgens de regels van de marktplaats.',
      ],
    },
    {
      id: 'account',
      title: 'Artikel 4 – Account en beveiliging',
      paragraphs: [
        'Voor een account heb je een geldig e-mailadres en een wachtwoord nodig. Je houdt je wachtwoord geheim en bent verantwoordelijk voor wat er met je account gebeurt.',
        'Een alert zonder account beheer je via een persoonlijke beheerlink. Wie die link heeft, kan de alert beheren; deel hem daarom niet.',
        'Denk je dat iemand anders toegang heeft tot je account, wijzig dan direct je wachtwoord en laat het ons weten.',
      ],
    },
    {
      id: 'abonnement',
      title: 'Artikel 5 – Pro en betaling',
      paragraphs: [
        'Pro is een abonnement per maand tegen de prijs die op de website staat op het moment dat je het afsluit. Prijzen zijn in euro en inclusief btw.',
        'Betalen gaat vooraf per maand via een betaalprovider, bijvoorbeeld met iDEAL. Extra alerts kun je los bijkopen tegen de vermelde prijs per alert.',
        'Wijzigen we de prijs van Pro, dan laten we je dat minstens 30 dagen van tevoren weten. Je kunt dan opzeggen voordat de nieuwe prijs ingaat.',
      ],
    },
    {
      id: 'opzeggen',
      title: 'Artikel 6 – Opzeggen en herroeping',
      paragraphs: [
        'Je kunt Pro op elk moment opzeggen, met ingang van de volgende maand. Een al betaalde maand wordt niet terugbetaald, tenzij de wet anders bepaalt.',
        'Je kunt je account op elk moment verwijderen via Mijn account. Je alerts en gegevens worden dan verwijderd.',
        'Als consument heb je 14 dagen bedenktijd na het afsluiten van Pro. Vraag je ons om in die periode al met de dienst te beginnen en herroep je daarna, dan betaal je naar verhouding voor de dagen dat je Pro hebt gebruikt.',
      ],
    },
    {
      id: 'gebruiksregels',
      title: 'Artikel 7 – Gebruiksregels',
      paragraphs: [
        'Je gebruikt de dienst alleen voor je eigen, rechtmatige doeleinden. Het is niet toegestaan de dienst te gebruiken om massaal gegevens van de marktplaatsen te verzamelen, de dienst te overbelasten of de beveiliging te omzeilen.',
        'Houd je je niet aan deze regels, dan mogen we je alerts stopzetten of je account beëindigen.',
      ],
    },
    {
      id: 'aansprakelijkheid',
      title: 'Artikel 8 – Beschikbaarheid en aansprakelijkheid',
      paragraphs: [
        'We streven naar een dienst die altijd werkt, maar onderhoud, storingen of wijzigingen bij de marktplaatsen kunnen de dienst tijdelijk beperken.',
        'Prijsalarm is niet aansprakelijk voor de inhoud van advertenties, voor de koop die je sluit of voor schade doordat een melding te laat of niet aankwam. Onze aansprakelijkheid is in alle gevallen beperkt tot het bedrag dat je in de drie maanden vóór de schade aan ons hebt betaald, behalve bij opzet of grove schuld.',
      ],
    },
    {
      id: 'wijzigingen',
      title: 'Artikel 9 – Wijzigingen',
      paragraphs: [
        'We kunnen deze voorwaarden aanpassen. Belangrijke wijzigingen laten we je vooraf per e-mail of op de website weten. Ben je het er niet mee eens, dan kun je je account opzeggen voordat de wijziging ingaat.',
      ],
    },
    {
      id: 'recht',
      title: 'Artikel 10 – Toepasselijk recht en klachten',
      paragraphs: [
        'Op deze voorwaarden is Nederlands recht van toepassing.',
        `Heb je een klacht, neem dan contact op via ${COMPANY.contactEmail}. We reageren binnen 14 dagen. Komen we er samen niet uit, dan kun je het geschil voorleggen aan de bevoegde rechter.`,
      ],
    },
  ],
};

export const PRIVACY: LegalDocument = {
  title: 'Privacyverklaring',
  intro: `In deze privacyverklaring lees je welke persoonsgegevens Prijsalarm verwerkt, waarom, en welke rechten je hebt. Verantwoordelijke is ${contact}.`,
  sections: [
    {
      id: 'gegevens',
      title: 'Welke gegevens we verwerken',
      paragraphs: [
        'Account: je e-mailadres, je naam als je die invult, je plan en een versleutelde (gehashte) versie van je wachtwoord. Je wachtwoord zelf kennen we niet.',
        'Alerts: je zoekopdrachten met de filters die je kiest, zoals prijsgrenzen, postcode en afstand, en voor alerts zonder account het e-mailadres waar de meldingen naartoe gaan.',
        'Meldingen: welke advertenties we je hebben gemeld en of je ze hebt bekeken.',
        'Telegram: als je Telegram koppelt, je Telegram-gebruikersnaam en het chatnummer waar de bot je meldingen stuurt.',
        'Contact en chat: wat je ons schrijft via het contactformulier of de supportchat, met je naam en e-mailadres.',
        'Betalingen: de status en het bedrag van je betalingen. Je bankgegevens worden verwerkt door de betaalprovider, niet door ons.',
        'Techniek: je IP-adres en browsergegevens in onze serverlogboeken, om misbruik te voorkomen en storingen op te lossen.',
      ],
    },
    {
      id: 'doelen',
      title: 'Waarvoor en op welke grondslag',
      paragraphs: [
        'We gebruiken je gegevens om de dienst uit te voeren die je bij ons afneemt: alerts controleren, meldingen sturen, je account en abonnement beheren (uitvoering van de overeenkomst).',
        'We gebruiken serverlogboeken en technische gegevens om de dienst veilig en beschikbaar te houden (gerechtvaardigd belang).',
        'De nieuwsbrief sturen we alleen als je daarvoor hebt gekozen (toestemming). Uitschrijven kan met de link onderaan elke nieuwsbrief of in Mijn account.',
        'Betaalgegevens bewaren we zolang de wet dat vraagt (wettelijke plicht).',
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies en lokale opslag',
      paragraphs: [
        `We gebruiken alleen functionele cookies: ${ACCESS_COOKIE} en ${REFRESH_COOKIE} houden je ingelogd, ${REFRESH_MARKER_COOKIE} laat de website weten dat je sessie verlengd kan worden, en ${CSRF_COOKIE} beschermt formulieren tegen misbruik door andere websites.`,
        'In de lokale opslag van je browser bewaren we je inlogstatus, de instellingen van de website en je cookiekeuze, zodat de website sneller laadt en je keuze onthoudt.',
        'We gebruiken geen advertentiecookies en volgen je niet op andere websites. Kies je in de cookiemelding voor "Accepteren", dan mogen we daarnaast anonieme foutrapporten verzamelen om fouten in de website op te sporen.',
      ],
    },
    {
      id: 'bewaren',
      title: 'Hoe lang we gegevens bewaren',
      paragraphs: [
        'Accountgegevens, alerts en meldingen bewaren we zolang je account bestaat. Verwijder je je account, dan verwijderen we deze gegevens.',
        'Alerts zonder account verwijderen we nadat ze zijn verlopen en niet zijn verlengd. Serverlogboeken bewaren we maximaal 30 dagen. Betaalgegevens bewaren we 7 jaar, omdat de belastingwet dat vraagt.',
      ],
    },
    {
      id: 'delen',
      title: 'Met wie we gegevens delen',
      paragraphs: [
        'We verkopen je gegevens niet. We delen alleen wat nodig is met partijen die ons helpen de dienst te leveren: onze hostingpartij, de verzender van onze e-mails, Telegram (alleen als je Telegram koppelt) en de betaalprovider. Met deze partijen hebben we afspraken over de bescherming van je gegevens.',
        'De marktplaatsen krijgen van ons geen persoonsgegevens: we zoeken er alleen naar openbare advertenties.',
      ],
    },
    {
      id: 'beveiliging',
      title: 'Beveiliging',
      paragraphs: [
        'Verbindingen met Prijsalarm zijn versleuteld, wachtwoorden slaan we alleen gehasht op en beheerlinks en inloglinks zijn lange, willekeurige codes. Alleen medewerkers die het nodig hebben voor hun werk, hebben toegang tot gegevens.',
      ],
    },
    {
      id: 'rechten',
      title: 'Jouw rechten',
      paragraphs: [
        'Je mag je gegevens inzien, laten verbeteren of laten verwijderen, en je mag bezwaar maken tegen het gebruik ervan of vragen om je gegevens in een bruikbaar bestand te ontvangen. Veel kun je zelf regelen in Mijn account; voor de rest stuur je een e-mail naar ' +
          `${COMPANY.privacyEmail}. We reageren binnen een maand.`,
        'Ben je niet tevreden over hoe we met je gegevens omgaan, dan kun je een klacht indienen bij de Autoriteit Persoonsgegevens.',
      ],
    },
  ],
};
