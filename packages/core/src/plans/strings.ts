/**
 * The Dutch texts of plans: each plan's name, what a plan or a missing account keeps from a user,
 * and the answers about settings, features and preferences.
 */
import type { Plan } from '../domain';

export const PLAN_LABELS: Record<Plan, string> = {
  FREE: 'Gratis',
  REGISTERED: 'Geregistreerd',
  PRO: 'Pro',
};

/** What a plan, a missing account or a missing Telegram link keeps from a user. */
export const ACCESS_TEXTS = {
  noPlatformAccess: (platform: string) => `Je hebt geen toegang tot ${platform}.`,
  accountRequiredForPlatform: (platform: string) =>
    `Een account is vereist om ${platform} te gebruiken.`,
  availableFromPlan: (plan: string) => `Beschikbaar vanaf ${plan} plan`,
  proOnly: 'Alleen beschikbaar voor PRO gebruikers',
  contactAdmin: 'Contact admin voor toegang',
  telegramLimitReached: (limit: number) =>
    `Je hebt het maximum van ${limit} alert(s) met Telegram notificaties bereikt.`,
  capabilitiesLoadFailed: 'Failed to load user capabilities',
  telegramNotConnected: 'Koppel eerst je Telegram-account om Telegram notificaties te ontvangen.',
  /** The server has no Telegram bot: no plan can change that. */
  telegramUnavailable:
    'Meldingen via Telegram zijn hier niet beschikbaar. Je ontvangt je meldingen per e-mail en in je meldingencentrum.',
} as const;

/** Settings, capabilities and preferences (GET /settings/public, PUT /admin/settings, …). */
export const SETTINGS_TEXTS = {
  unknownKey: 'Onbekende instelling.',
  unknownFeature: 'Onbekende functie.',
  preferencesTooLarge: (maxCharacters: number) =>
    `Je voorkeuren mogen samen maximaal ${maxCharacters} tekens bevatten`,
  preferenceKeyInvalid: (maxLength: number) =>
    `De naam van een voorkeur begint met een letter en heeft maximaal ${maxLength} letters, cijfers, - of _`,
} as const;
