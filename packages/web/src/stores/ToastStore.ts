import { makeAutoObservable } from 'mobx';
import { toastDuration } from '@prijsalarm/core';
import type { Toast, ToastType } from '@prijsalarm/core';

/** Short messages in a corner of the screen; each goes away after its duration. */
export class ToastStore {
  toasts: Toast[] = [];
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private sequence = 0;

  constructor(private readonly now: () => number = Date.now) {
    makeAutoObservable<ToastStore, 'timers' | 'sequence' | 'now'>(
      this,
      { timers: false, sequence: false, now: false },
      { autoBind: true },
    );
  }

  /** Shows a toast for `durationMs` (4000 ms by default); returns its id. */
  show(message: string, type: ToastType = 'info', durationMs?: number): string {
    this.sequence += 1;
    const toast: Toast = { id: `toast-${this.sequence}`, message, type, createdAt: this.now() };
    this.toasts.push(toast);
    this.timers.set(
      toast.id,
      setTimeout(() => this.dismiss(toast.id), toastDuration(durationMs)),
    );
    return toast.id;
  }

  info(message: string, durationMs?: number): string {
    return this.show(message, 'info', durationMs);
  }

  success(message: string, durationMs?: number): string {
    return this.show(message, 'success', durationMs);
  }

  error(message: string, durationMs?: number): string {
    return this.show(message, 'error', durationMs);
  }

  warning(message: string, durationMs?: number): string {
    return this.show(message, 'warning', durationMs);
  }

  dismiss(id: string): void {
    const timer = this.timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(id);
    this.toasts = this.toasts.filter((toast) => toast.id !== id);
  }

  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.toasts = [];
  }
}
