/**
 * Alert lifecycle: create (guest or user), confirm a guest alert, and what a manage link can do
 * (update, pause/resume, extend, delete). Plan rules come from core through the alert policy;
 * secret links follow security/tokens (derived manage/refresh tokens, one-time confirm token).
 */
import {
  alertCrossFieldErrors,
  eurosToCents,
  canonicalAlertPostalCode,
  alertCheckInterval,
  CONFIRMATION_LINK_VALIDITY_HOURS,
  ALERT_MAIL_TEXTS,
  ALERT_TEXTS,
  API_TEXTS,
  validityDays,
  type ParsedCreateAlert,
  type ParsedGuestCreateAlert,
  type ParsedUpdateAlert,
  type Plan,
  type PublicSettings,
} from '@prijsalarm/core';
import { Op, UniqueConstraintError } from 'sequelize';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { pageWindow } from '../lib/pagination';
import { withSnapshot, type Alert, type User } from '../models';
import { SEARCH_ATTRIBUTES, priceDropColumnsOf } from '../models/Alert';
import { alertPolicy, authorize } from '../policies/alert';
import { rescheduleHeld } from '../delivery/digest';
import { manageUrlOf } from '../security/alert-links';
import { readAlertUnsubscribeToken } from '../security/alert-unsubscribe';
import { hashToken, randomToken, TOKEN_PURPOSES } from '../security/tokens';
import { alertFieldsOf, type AlertFields } from '../presenters/alert';
import type { NotificationRows } from '../presenters/notification';
import { loadCategoryIndex, resolveCategoryChoice } from './alert-categories';
import { deleteAlerts } from './alert-deletion';
import { hydratedCapabilitiesFor } from './capabilities';
import { withDeliveries } from './notifications';
import { loadSettings } from '../models/current-settings';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Longest token we bother hashing; real ones are 43 characters. */
const MAX_TOKEN_LENGTH = 128;

/** The plan whose rules an alert lives by: its owner's, or FREE for a guest alert. */
export function planOf(owner: Pick<User, 'plan'> | null): Plan {
  return owner?.plan ?? 'FREE';
}

/**
 * Check interval and validity for a new alert of `plan`. The stored interval is the plan's, which
 * every page states; CHECK_INTERVAL_SECONDS (demo, tests) only makes the engine check faster
 * (engine/alert-search.ts `alertIntervalSeconds`).
 */
function scheduleFor(settings: PublicSettings, plan: Plan) {
  return {
    checkIntervalMinutes: alertCheckInterval(settings, plan),
    validityDays: validityDays(settings, plan),
  };
}

/** Row columns for new manage, refresh and feed links (nonce + hash; the tokens derive from them). */
function linkTokenColumns(ctx: AppContext) {
  const manage = ctx.tokens.issueToken(TOKEN_PURPOSES.alertManage);
  const refresh = ctx.tokens.issueToken(TOKEN_PURPOSES.alertRefresh);
  const feed = ctx.tokens.issueToken(TOKEN_PURPOSES.alertFeed);
  return {
    manageTokenNonce: manage.nonce,
    manageTokenHash: manage.hash,
    refreshTokenNonce: refresh.nonce,
    refreshTokenHash: refresh.hash,
    feedTokenNonce: feed.nonce,
    feedTokenHash: feed.hash,
  };
}

const conflict = (message: string) => new HttpError(409, message);

/* ---------- Create ---------- */

export interface CreatedAlert {
  alert: Alert;
  manageUrl: string;
}

/**
 * A guest alert holds one of its address's numbered slots (`guestEmailSlot`, unique in the
 * database), so two requests at the same moment cannot both take the last free one. The first slot
 * is the address itself; further ones (when the FREE limit is above 1) name the address by its
 * hash, which keeps them within the column's 255 characters.
 */
export function guestSlotName(email: string, slot: number): string {
  return slot === 1 ? email : `${slot}:${hashToken(email)}`;
}

function freeGuestSlot(email: string, taken: ReadonlySet<string | null>): string {
  for (let slot = 1; ; slot += 1) {
    const name = guestSlotName(email, slot);
    if (!taken.has(name)) return name;
  }
}

/**
 * A guest's free alert: Marktplaats only, as many per e-mail address as the FREE plan's alert
 * limit allows, waiting for the confirmation link mailed here. A stale unconfirmed alert (its link
 * expired) no longer blocks the address.
 */
export async function createGuestAlert(
  ctx: AppContext,
  input: ParsedGuestCreateAlert,
): Promise<CreatedAlert> {
  const { Alert, OneTimeToken } = ctx.models;
  const now = new Date();
  const email = input.email;
  const settings = await loadSettings(ctx);
  const schedule = scheduleFor(settings, 'FREE');
  const guestAlertsOfEmail = { email, guestEmailSlot: { [Op.ne]: null } };

  await deleteAlerts(ctx, {
    ...guestAlertsOfEmail,
    userId: null,
    confirmedAt: null,
    createdAt: { [Op.lt]: new Date(now.getTime() - CONFIRMATION_LINK_VALIDITY_HOURS * HOUR_MS) },
  });
  const held = await Alert.findAll({ where: guestAlertsOfEmail, attributes: ['guestEmailSlot'] });
  if (!alertPolicy.guestMayCreate(settings, held.length)) {
    throw conflict(ALERT_TEXTS.guestAlertExists);
  }
  const guestEmailSlot = freeGuestSlot(email, new Set(held.map((row) => row.guestEmailSlot)));

  const columns = linkTokenColumns(ctx);
  const confirmToken = randomToken();
  let alert: Alert;
  try {
    alert = await ctx.sequelize.transaction(async (transaction) => {
      const created = await Alert.create(
        {
          email,
          // Unique: of two requests for one slot at the same moment, only one gets here.
          guestEmailSlot,
          searchTerm: input.searchTerm,
          platforms: input.platforms,
          maxPriceCents: eurosToCents(input.maxPrice),
          postalCode: input.postalCode ?? null,
          distanceKm: input.distance ?? null,
          notifyEmail: true,
          deliverySchedule: input.schedule ?? null,
          planAtCreation: 'FREE',
          ...schedule,
          ...columns,
        },
        { transaction },
      );
      await OneTimeToken.create(
        {
          email,
          purpose: 'alert_confirm',
          tokenHash: hashToken(confirmToken),
          expiresAt: new Date(now.getTime() + CONFIRMATION_LINK_VALIDITY_HOURS * HOUR_MS),
          alertId: created.id,
        },
        { transaction },
      );
      return created;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw conflict(ALERT_TEXTS.guestAlertExists);
    throw error;
  }

  const manageUrl = manageUrlOf(ctx, alert);
  try {
    await ctx.mailer.send('alertConfirmation', email, {
      searchTerm: alert.searchTerm,
      confirmUrl: `${manageUrl}?bevestig=${confirmToken}`,
      manageUrl,
      validHours: CONFIRMATION_LINK_VALIDITY_HOURS,
    });
  } catch (error) {
    // Without its confirmation mail the alert could never start: let the guest try again later.
    await deleteAlerts(ctx, { id: alert.id });
    ctx.logger.error({ err: error }, 'guest alert confirmation mail failed');
    throw new HttpError(503, ALERT_TEXTS.confirmationMailFailed, {}, { 'Retry-After': '60' });
  }
  return { alert, manageUrl };
}

/**
 * A signed-in user's alert, under their plan's limit, platforms and features (core rules on the
 * live counts), confirmed at once. The user row is locked while counting, so two requests at the
 * same moment cannot both take the last free place.
 */
export async function createUserAlert(
  ctx: AppContext,
  user: User,
  input: ParsedCreateAlert,
): Promise<CreatedAlert> {
  const { Alert, User: Users } = ctx.models;
  const categories = await loadCategoryIndex(ctx);
  const categoryIds = resolveCategoryChoice(categories, {
    l1CategoryId: input.l1CategoryId ?? null,
    l2CategoryId: input.l2CategoryId ?? null,
    customFilters: input.customFilters,
  });
  const settings = await loadSettings(ctx);

  const alert = await ctx.sequelize.transaction(async (transaction) => {
    const owner = await Users.findByPk(user.id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!owner) throw HttpError.unauthenticated();
    const caps = await hydratedCapabilitiesFor(ctx, owner, { settings, transaction });
    authorize(alertPolicy.canCreate(caps, input));

    const now = new Date();
    const schedule = scheduleFor(settings, owner.plan);
    return Alert.create(
      {
        userId: owner.id,
        email: null,
        ...alertColumnsOf({ ...input, ...categoryIds }),
        confirmedAt: now,
        expiresAt: new Date(now.getTime() + schedule.validityDays * DAY_MS),
        nextCheckAt: now,
        planAtCreation: owner.plan,
        ...schedule,
        ...linkTokenColumns(ctx),
      },
      { transaction },
    );
  });
  return { alert, manageUrl: manageUrlOf(ctx, alert) };
}

/** Row columns for fields whose categories are already marketplace ids. */
function alertColumnsOf(fields: Partial<AlertFields>) {
  return {
    searchTerm: fields.searchTerm!,
    platforms: fields.platforms!,
    minPriceCents: eurosToCents(fields.minPrice),
    maxPriceCents: eurosToCents(fields.maxPrice),
    postalCode: fields.postalCode ?? null,
    distanceKm: fields.distance ?? null,
    l1CategoryId: fields.l1CategoryId ?? null,
    l2CategoryId: fields.l2CategoryId ?? null,
    customFilters: fields.customFilters ?? {},
    deliveryMethod: fields.deliveryMethod ?? ('both' as const),
    onlyWithImages: fields.onlyWithImages ?? false,
    includePaidAds: fields.includePaidAds ?? false,
    sellerType: fields.sellerType ?? ('all' as const),
    notifyEmail: fields.notifyEmail ?? true,
    notifyTelegram: fields.notifyTelegram ?? false,
    notifyPush: fields.notifyPush ?? false,
    ...priceDropColumnsOf(fields.priceDrop),
    deliverySchedule: fields.schedule ?? null,
  };
}

/* ---------- Confirm (guest) ---------- */

/** Uses the one-time confirmation token: the alert is confirmed and its validity starts now. */
export async function confirmGuestAlert(ctx: AppContext, token: string): Promise<Alert> {
  const { Alert, OneTimeToken } = ctx.models;
  const invalid = () => HttpError.notFound(ALERT_TEXTS.confirmLinkInvalid);
  if (token.length > MAX_TOKEN_LENGTH) throw invalid();
  const now = new Date();
  const tokenHash = hashToken(token);
  const where = { tokenHash, purpose: 'alert_confirm' as const };
  // Marking it used in the same statement that checks it: only one of two clicks wins.
  const [changed] = await OneTimeToken.update(
    { usedAt: now },
    { where: { ...where, usedAt: null, expiresAt: { [Op.gt]: now } } },
  );
  if (changed !== 1) throw invalid();
  const row = await OneTimeToken.findOne({ where });
  const alert = row?.alertId ? await Alert.findByPk(row.alertId) : null;
  if (!alert) throw invalid();
  if (!alert.confirmedAt) {
    await alert.update({
      confirmedAt: now,
      expiresAt: new Date(now.getTime() + alert.validityDays * DAY_MS),
      nextCheckAt: now,
    });
  }
  return alert;
}

/* ---------- Manage link ---------- */

/** The alert this manage token opens, or null (unknown, malformed). */
export async function findAlertByManageToken(
  ctx: AppContext,
  token: string,
): Promise<Alert | null> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  const hash = hashToken(token);
  const alert = await ctx.models.Alert.findOne({ where: { manageTokenHash: hash } });
  return alert && alertPolicy.canManageWithToken(alert, hash) ? alert : null;
}

/** The signed-in user's own alert `id`; any other (unknown, someone else's) is not found. */
export async function findOwnAlert(ctx: AppContext, user: User, id: string): Promise<Alert> {
  const alert = id.length <= MAX_TOKEN_LENGTH ? await ctx.models.Alert.findByPk(id) : null;
  if (!alert || !alertPolicy.isOwner(user, alert)) throw HttpError.notFound(ALERT_TEXTS.notFound);
  return alert;
}

export async function ownerOf(ctx: AppContext, alert: Alert): Promise<User | null> {
  return alert.userId ? ctx.models.User.findByPk(alert.userId) : null;
}

/**
 * Applies a PUT /alerts/manage/{token} or /alerts/my-alerts/{id}. The merged alert must pass the
 * create rules again, and what the change adds must pass the plan rules of the alert's owner (a
 * guest alert stays guest-limited); what the alert already had may stay.
 */
export async function updateAlert(
  ctx: AppContext,
  alert: Alert,
  input: ParsedUpdateAlert,
): Promise<Alert> {
  const owner = await ownerOf(ctx, alert);
  // A guest alert's address was confirmed; a user's alert mails the account address.
  if (owner === null && input.email !== undefined && input.email !== alert.email) {
    throw HttpError.badRequest(API_TEXTS.validationFailed, {
      fields: { email: ALERT_TEXTS.emailNotChangeable },
    });
  }
  const { email: _ignored, ...changes } = input;
  const categories = await loadCategoryIndex(ctx);
  const current = alertFieldsOf(alert, categories);
  const merged: AlertFields = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined) (merged as unknown as Record<string, unknown>)[key] = value;
  }

  const errors = alertCrossFieldErrors(merged, 'create');
  if (errors.length > 0) {
    throw HttpError.badRequest(API_TEXTS.validationFailed, {
      fields: Object.fromEntries(errors.map(({ path, message }) => [path, message])),
    });
  }
  if (merged.postalCode !== null) {
    merged.postalCode = canonicalAlertPostalCode(merged.platforms, merged.postalCode);
  }
  const categoryIds = resolveCategoryChoice(categories, merged, {
    l1: merged.l1CategoryId === current.l1CategoryId,
    l2: merged.l2CategoryId === current.l2CategoryId,
  });

  const caps = await hydratedCapabilitiesFor(ctx, owner);
  authorize(alertPolicy.canUpdate(caps, changes, current));

  alert.set(alertColumnsOf({ ...merged, ...categoryIds }));
  // What is searched changed (conditions included): the engine recomputes the shared search.
  if (SEARCH_ATTRIBUTES.some((column) => alert.changed(column))) alert.searchKey = null;
  const scheduleChanged = changes.schedule !== undefined;
  await alert.save();
  // What its old schedule held goes by the new one (at once, when it is now instant).
  if (scheduleChanged) await rescheduleHeld(ctx, alert);
  return alert;
}

/** Pauses an active alert or resumes a paused one (a resumed alert is due at once). */
export async function toggleAlert(ctx: AppContext, alert: Alert): Promise<Alert> {
  const resume = !alert.isActive;
  await alert.update({
    isActive: resume,
    ...(resume && alert.confirmedAt ? { nextCheckAt: new Date() } : {}),
  });
  return alert;
}

/**
 * GET …/refresh/{refreshToken}: the alert stays valid for its plan's days from now, and the refresh
 * link is replaced (the used one stops working).
 */
export async function refreshAlert(
  ctx: AppContext,
  alert: Alert,
  refreshToken: string,
): Promise<{ alert: Alert; days: number }> {
  const invalid = () => HttpError.notFound(ALERT_TEXTS.refreshLinkInvalid);
  if (refreshToken.length === 0 || refreshToken.length > MAX_TOKEN_LENGTH) throw invalid();
  const hash = hashToken(refreshToken);
  if (!alertPolicy.canRefreshWithToken(alert, hash)) throw invalid();
  if (!alert.confirmedAt) throw conflict(ALERT_TEXTS.refreshNeedsConfirmation);

  const now = new Date();
  const days = validityDays(await loadSettings(ctx), planOf(await ownerOf(ctx, alert)));
  const next = ctx.tokens.issueToken(TOKEN_PURPOSES.alertRefresh);
  const wasExpired = alert.statusAt(now) === 'expired';
  const [changed] = await ctx.models.Alert.update(
    {
      expiresAt: new Date(now.getTime() + days * DAY_MS),
      validityDays: days,
      expiryReminderSentAt: null,
      refreshTokenNonce: next.nonce,
      refreshTokenHash: next.hash,
      ...(wasExpired ? { nextCheckAt: now } : {}),
    },
    // Only while the used token is still the current one: two clicks extend once.
    { where: { id: alert.id, refreshTokenHash: hash } },
  );
  if (changed !== 1) throw invalid();
  await alert.reload();
  return { alert, days };
}

export async function deleteAlert(ctx: AppContext, alert: Alert): Promise<void> {
  // Notifications, deliveries and the confirmation token go with it (ON DELETE CASCADE).
  await deleteAlerts(ctx, { id: alert.id });
}

/* ---------- Reading ---------- */

/** Notifications per alert id (absent = 0). */
export async function notificationCountsOf(
  ctx: AppContext,
  alertIds: readonly string[],
): Promise<Map<string, number>> {
  if (alertIds.length === 0) return new Map();
  const rows = await ctx.models.Notification.count({
    where: { alertId: [...alertIds] },
    group: ['alertId'],
  });
  return new Map(rows.map((row) => [String(row.alertId), Number(row.count)]));
}

/** The user's own alerts, newest first. */
export async function listUserAlerts(ctx: AppContext, user: User): Promise<Alert[]> {
  return ctx.models.Alert.findAll({
    where: { userId: user.id },
    order: [
      ['createdAt', 'DESC'],
      ['id', 'ASC'],
    ],
  });
}

/** One page of the alert's notifications, newest first, with their deliveries. */
export async function alertNotificationsPage(
  ctx: AppContext,
  alert: Alert,
  page: number,
  limit: number,
): Promise<NotificationRows & { total: number }> {
  const { rows, count } = await ctx.models.Notification.findAndCountAll({
    where: { alertId: alert.id },
    include: [withSnapshot()],
    order: [
      ['createdAt', 'DESC'],
      ['id', 'ASC'],
    ],
    ...pageWindow(page, limit),
  });
  const terms = new Map([[alert.id, alert.searchTerm]]);
  return { ...(await withDeliveries(ctx, rows, terms)), total: count };
}

/**
 * RFC 8058 one-click unsubscribe of an alert mail: pauses the alerts the mail was about (the owner
 * turns them on again on the manage page). The signed token is the only credential. Idempotent: an
 * already paused alert stays paused. Answers how many alerts the link was for.
 */
export async function pauseAlertsByUnsubscribeToken(ctx: AppContext, token: unknown) {
  const alertIds = readAlertUnsubscribeToken(ctx.config.sessionSecret, token);
  if (!alertIds) throw HttpError.badRequest(ALERT_MAIL_TEXTS.unsubscribeLinkInvalid);
  const [paused] = await ctx.models.Alert.update(
    { isActive: false },
    { where: { id: { [Op.in]: alertIds }, isActive: true } },
  );
  if (paused > 0) ctx.logger.info({ alertIds, paused }, 'alerts paused by one-click unsubscribe');
  return alertIds.length;
}
