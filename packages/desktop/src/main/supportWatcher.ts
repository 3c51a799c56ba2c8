/**
 * A support answer while the chat window is closed becomes a native notification: the unread
 * count of the user's chat is polled (CHAT_STATUS_CHECK_MS) and a rise is an answer.
 */
import { CHAT_STATUS_CHECK_MS, DESKTOP_TEXTS } from '@prijsalarm/core';
import type { Logger } from './logger';
import type { NativeNotification } from './notifier';

export interface SupportWatcherOptions {
  unreadCount(): Promise<number>;
  isChatOpen(): boolean;
  /** Muted: no native notification (the chat still has the answer). */
  isSilenced(): boolean;
  sound(): boolean;
  show(notification: NativeNotification): void;
  logger: Logger;
  intervalMs?: number;
}

export class SupportWatcher {
  private timer: ReturnType<typeof setInterval> | null = null;
  private last: number | null = null;
  private failing = false;

  constructor(private readonly options: SupportWatcherOptions) {}

  start(): void {
    if (this.timer) return;
    void this.check();
    this.timer = setInterval(
      () => void this.check(),
      this.options.intervalMs ?? CHAT_STATUS_CHECK_MS,
    );
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.last = null;
  }

  async check(): Promise<void> {
    let count: number;
    try {
      count = await this.options.unreadCount();
      this.failing = false;
    } catch (error) {
      // Logged once per outage, not every poll.
      if (!this.failing)
        this.options.logger.warn('support unread count failed', { error: String(error) });
      this.failing = true;
      return;
    }
    const rose = this.last !== null && count > this.last;
    this.last = count;
    if (!rose || this.options.isChatOpen() || this.options.isSilenced()) return;
    this.options.show({
      kind: 'support',
      title: DESKTOP_TEXTS.notification.supportAnswerTitle,
      body: DESKTOP_TEXTS.notification.supportAnswerBody,
      url: null,
      imageUrl: null,
      silent: !this.options.sound(),
      notificationId: null,
    });
  }
}
