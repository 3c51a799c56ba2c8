import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DEFAULT_DURATION_MS, TOAST_TYPES } from '@prijsalarm/core';
import { ToastStore } from './ToastStore';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ToastStore (4000 ms by default)', () => {
  it.each(TOAST_TYPES)('shows a %s toast with id, message, type and createdAt', (type) => {
    const toasts = new ToastStore(() => 1234);
    const id = toasts.show('Hallo', type);
    expect(toasts.toasts).toEqual([{ id, message: 'Hallo', type, createdAt: 1234 }]);
  });

  it.each([
    ['the default', undefined, TOAST_DEFAULT_DURATION_MS],
    ['a chosen duration', 1500, 1500],
  ])('stays for %s and goes at that moment', (_case, duration, expected) => {
    const toasts = new ToastStore();
    toasts.info('Bericht', duration);
    vi.advanceTimersByTime(expected - 1);
    expect(toasts.toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts.toasts).toHaveLength(0);
  });

  it.each([
    ['info', (t: ToastStore) => t.info('x')],
    ['success', (t: ToastStore) => t.success('x')],
    ['error', (t: ToastStore) => t.error('x')],
    ['warning', (t: ToastStore) => t.warning('x')],
  ])('the %s shorthand makes a toast of that type', (type, show) => {
    const toasts = new ToastStore();
    show(toasts);
    expect(toasts.toasts[0]?.type).toBe(type);
  });

  it('dismisses one toast early and leaves the others to their timers', () => {
    const toasts = new ToastStore();
    const first = toasts.info('een');
    toasts.info('twee');
    toasts.dismiss(first);
    expect(toasts.toasts.map((toast) => toast.message)).toEqual(['twee']);
    vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS);
    expect(toasts.toasts).toEqual([]);
  });
});
