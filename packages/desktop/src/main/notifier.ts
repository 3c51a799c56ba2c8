/**
 * Turns recorded notifications into native ones: the alert's own text, price and place; a burst
 * (more than DESKTOP_BURST_THRESHOLD within DESKTOP_BURST_WINDOW_MS) as one summary; nothing while
 * muted; held back in quiet hours and summarised when they end. Notifications that arrive together
 * (one check records all its new ads at once) are gathered for a moment first, so a burst of five
 * becomes one '5 nieuwe advertenties' rather than three alerts and a summary.
 *
 * An alert's own schedule (a digest, or the alert's quiet hours) comes with the
 * pushed notification as `notifyAt`: such ads are held until then and shown as one summary, as
 * the e-mail and Telegram digests go out at that moment. (Held in memory: an app restarted
 * meanwhile shows them in its list, not as a pop-up.)
 */
import {
  DESKTOP_BURST_THRESHOLD,
  DESKTOP_BURST_WINDOW_MS,
  DESKTOP_TEXTS,
  SCHEDULE_TEXTS,
  formatListingPrice,
  listingImageUrl,
  PRICE_DROP_TEXTS,
  type NotificationDto,
} from '@prijsalarm/core';
import type { Settings } from '../shared/settings';
import { inQuietHours, isMuted, quietHoursEnd } from './timeRules';

export interface NativeNotification {
  kind: 'ad' | 'summary' | 'support';
  title: string;
  body: string;
  /** What a click opens: the ad, or the web notification centre for a summary. */
  url: string | null;
  /** An https photo of the ad, where the OS shows one. */
  imageUrl: string | null;
  silent: boolean;
  notificationId: string | null;
}

/**
 * Notifications that arrive together are gathered before deciding: until none came for
 * GATHER_MS (one check's ads arrive one right after the other), at most GATHER_MAX_MS.
 */
export const GATHER_MS = 150;
export const GATHER_MAX_MS = 1000;
/**
 * Quiet hours are looked at again at least this often: a timer does not run while the computer
 * sleeps, and the clock may be changed, so one long timer to the end would fire late.
 */
export const QUIET_RECHECK_MS = 60_000;

export interface NotifierOptions {
  show(notification: NativeNotification): void;
  settings(): Settings;
  /** The web notification centre (a summary's click target). */
  notificationCentreUrl(): string;
  now?: () => number;
  quietRecheckMs?: number;
}

export function adNotification(dto: NotificationDto, silent: boolean): NativeNotification {
  const { listing } = dto;
  const details = [formatListingPrice(listing.priceCents, listing.priceType), listing.location]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
  // A price drop is titled 'Prijsdaling: <titel> van €X naar €Y'.
  const drop =
    dto.kind === 'price_drop' && dto.previousPriceCents != null && listing.priceCents !== null
      ? PRICE_DROP_TEXTS.title(listing.title, dto.previousPriceCents, listing.priceCents)
      : null;
  return {
    kind: 'ad',
    title: drop ?? DESKTOP_TEXTS.notification.newAd(dto.alertSearchTerm),
    body: details ? `${listing.title}\n${details}` : listing.title,
    url: listing.url,
    imageUrl: listingImageUrl(listing.imageUrls),
    silent,
    notificationId: dto.id,
  };
}

export class Notifier {
  private pending: NotificationDto[] = [];
  private gatherTimer: ReturnType<typeof setTimeout> | null = null;
  private gatherStartedAt = 0;
  /** When each ad shown (alone or in a summary) within the burst window was shown. */
  private shownAt: number[] = [];
  private burstHeld: NotificationDto[] = [];
  private burstTimer: ReturnType<typeof setTimeout> | null = null;
  private quietHeld: NotificationDto[] = [];
  private quietTimer: ReturnType<typeof setTimeout> | null = null;
  /** Ads their alert's schedule holds, by the moment (epoch ms) they are due. */
  private scheduleHeld = new Map<number, NotificationDto[]>();
  private scheduleTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: NotifierOptions) {
    this.now = options.now ?? Date.now;
  }

  /** One recorded notification of the user. */
  notify(dto: NotificationDto): void {
    const settings = this.options.settings();
    if (settings.silencedAlertIds.includes(dto.alertId)) return;
    const now = this.now();
    if (isMuted(settings.mutedUntil, now)) return;
    const due = dto.notifyAt ? Date.parse(dto.notifyAt) : NaN;
    if (due > now) {
      this.scheduleHeld.set(due, [...(this.scheduleHeld.get(due) ?? []), dto]);
      this.scheduleDigest();
      return;
    }
    if (inQuietHours(settings.quietHours, now)) {
      this.quietHeld.push(dto);
      this.scheduleQuietEnd(settings, now);
      return;
    }
    this.pending.push(dto);
    if (this.gatherTimer === null) this.gatherStartedAt = now;
    else clearTimeout(this.gatherTimer);
    const wait = Math.min(GATHER_MS, this.gatherStartedAt + GATHER_MAX_MS - now);
    this.gatherTimer = setTimeout(() => this.flush(), Math.max(0, wait));
  }

  /**
   * Settings changed, the computer woke up, or the recheck timer fired: quiet hours may be over
   * (or switched off) with ads held back.
   */
  settingsChanged(): void {
    if (this.quietHeld.length === 0) return;
    const settings = this.options.settings();
    if (!inQuietHours(settings.quietHours, this.now())) this.endQuietHours();
    else this.scheduleQuietEnd(settings, this.now());
  }

  dispose(): void {
    for (const timer of [this.gatherTimer, this.burstTimer, this.quietTimer, this.scheduleTimer]) {
      if (timer !== null) clearTimeout(timer);
    }
    this.gatherTimer = this.burstTimer = this.quietTimer = this.scheduleTimer = null;
    this.scheduleHeld.clear();
    this.pending = [];
    this.burstHeld = [];
    this.quietHeld = [];
  }

  private flush(): void {
    this.gatherTimer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const now = this.now();
    this.shownAt = this.shownAt.filter((at) => now - at < DESKTOP_BURST_WINDOW_MS);
    if (this.burstHeld.length > 0) {
      this.burstHeld.push(...batch);
      return;
    }
    if (this.shownAt.length + batch.length <= DESKTOP_BURST_THRESHOLD) {
      const { sound } = this.options.settings();
      for (const dto of batch) {
        this.shownAt.push(now);
        this.options.show(adNotification(dto, !sound));
      }
      return;
    }
    if (batch.length > DESKTOP_BURST_THRESHOLD) {
      this.summarise(batch.length, DESKTOP_TEXTS.notification.summaryBody);
      return;
    }
    // A burst building up over several checks: held until the oldest shown one leaves the window.
    this.burstHeld.push(...batch);
    const oldest = Math.min(...this.shownAt);
    this.burstTimer = setTimeout(
      () => {
        this.burstTimer = null;
        const held = this.burstHeld;
        this.burstHeld = [];
        if (held.length > 0) this.summarise(held.length, DESKTOP_TEXTS.notification.summaryBody);
      },
      Math.max(0, oldest + DESKTOP_BURST_WINDOW_MS - now),
    );
  }

  private summarise(count: number, body: string): void {
    const now = this.now();
    for (let i = 0; i < count; i += 1) this.shownAt.push(now);
    this.options.show({
      kind: 'summary',
      title: DESKTOP_TEXTS.notification.summary(count),
      body,
      url: this.options.notificationCentreUrl(),
      imageUrl: null,
      silent: !this.options.settings().sound,
      notificationId: null,
    });
  }

  private scheduleQuietEnd(settings: Settings, now: number): void {
    if (this.quietTimer !== null) clearTimeout(this.quietTimer);
    const untilEnd = Math.max(0, quietHoursEnd(settings.quietHours, now) - now);
    this.quietTimer = setTimeout(
      () => {
        this.quietTimer = null;
        this.settingsChanged();
      },
      Math.min(untilEnd, this.options.quietRecheckMs ?? QUIET_RECHECK_MS),
    );
  }

  private endQuietHours(): void {
    if (this.quietTimer !== null) clearTimeout(this.quietTimer);
    this.quietTimer = null;
    const held = this.quietHeld;
    this.quietHeld = [];
    if (held.length === 0) return;
    // The mute may have started meanwhile: then the held ones stay silent too.
    if (isMuted(this.options.settings().mutedUntil, this.now())) return;
    this.summarise(held.length, DESKTOP_TEXTS.notification.quietHoursBody(held.length));
  }

  /** A timer to the earliest held digest, looked at again at least every QUIET_RECHECK_MS. */
  private scheduleDigest(): void {
    if (this.scheduleTimer !== null) clearTimeout(this.scheduleTimer);
    this.scheduleTimer = null;
    if (this.scheduleHeld.size === 0) return;
    const next = Math.min(...this.scheduleHeld.keys());
    this.scheduleTimer = setTimeout(
      () => {
        this.scheduleTimer = null;
        this.releaseDueDigests();
      },
      Math.max(0, Math.min(next - this.now(), this.options.quietRecheckMs ?? QUIET_RECHECK_MS)),
    );
  }

  /** Every held digest that is due, as one summary naming its alerts. */
  private releaseDueDigests(): void {
    const now = this.now();
    const due: NotificationDto[] = [];
    for (const [at, held] of this.scheduleHeld) {
      if (at > now) continue;
      due.push(...held);
      this.scheduleHeld.delete(at);
    }
    this.scheduleDigest();
    const settings = this.options.settings();
    if (due.length === 0 || isMuted(settings.mutedUntil, now)) return;
    if (inQuietHours(settings.quietHours, now)) {
      // The device's own quiet hours still hold them: they join that summary.
      this.quietHeld.push(...due);
      this.scheduleQuietEnd(settings, now);
      return;
    }
    const searchTerms = [...new Set(due.map((dto) => dto.alertSearchTerm))];
    this.summarise(due.length, SCHEDULE_TEXTS.desktop.digestBody(searchTerms));
  }
}
