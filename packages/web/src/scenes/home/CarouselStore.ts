import { makeAutoObservable, reaction } from 'mobx';
import { CAROUSEL_AUTOPLAY_MS } from '@prijsalarm/core';

export interface CarouselOptions {
  /** The user asked for less motion: no autoplay until they press play. */
  reducedMotion?: boolean;
  intervalMs?: number;
}

/**
 * The how-it-works carousel: autoplays every 5 s, pauses while hovered or focused (and
 * when the user pauses it), and wraps to the first step after the last.
 */
export class CarouselStore {
  index = 0;
  hovered = false;
  focused = false;
  playing: boolean;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopReaction: (() => void) | null = null;
  private readonly intervalMs: number;

  constructor(
    readonly count: number,
    options: CarouselOptions = {},
  ) {
    this.playing = !options.reducedMotion;
    this.intervalMs = options.intervalMs ?? CAROUSEL_AUTOPLAY_MS;
    makeAutoObservable<CarouselStore, 'timer' | 'stopReaction' | 'intervalMs'>(
      this,
      { count: false, timer: false, stopReaction: false, intervalMs: false },
      { autoBind: true },
    );
  }

  get paused(): boolean {
    return !this.playing || this.hovered || this.focused;
  }

  next(): void {
    this.index = (this.index + 1) % this.count;
  }

  previous(): void {
    this.index = (this.index - 1 + this.count) % this.count;
  }

  goTo(index: number): void {
    if (index >= 0 && index < this.count) this.index = index;
  }

  setHovered(hovered: boolean): void {
    this.hovered = hovered;
  }

  setFocused(focused: boolean): void {
    this.focused = focused;
  }

  togglePlaying(): void {
    this.playing = !this.playing;
  }

  /** Starts the autoplay; every change of step or of pausing restarts the 5 s wait. */
  start(): void {
    this.stopReaction?.();
    this.stopReaction = reaction(
      () => [this.paused, this.index] as const,
      ([paused]) => this.schedule(paused),
      { fireImmediately: true },
    );
  }

  dispose(): void {
    this.stopReaction?.();
    this.stopReaction = null;
    this.clearTimer();
  }

  private schedule(paused: boolean): void {
    this.clearTimer();
    if (paused) return;
    this.timer = setTimeout(this.next, this.intervalMs);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
