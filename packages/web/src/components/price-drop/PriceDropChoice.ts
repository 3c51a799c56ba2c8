import { makeAutoObservable } from 'mobx';
import type { PriceDropOption } from '@prijsalarm/core';

/**
 * The alert forms' price-drop option as typed: on/off and the percent as text.
 * `option` is what the API takes; a percent that is not a whole number is sent as such, so core's
 * schema answers with its Dutch message.
 */
export class PriceDropChoice {
  enabled = false;
  percent = '';

  constructor(
    initial: PriceDropOption = { enabled: false },
    /** Core's plan message while the plan lacks price history; null when it has it. */
    private readonly lock: () => string | null = () => null,
  ) {
    this.reset(initial);
    makeAutoObservable<PriceDropChoice, 'lock'>(this, { lock: false }, { autoBind: true });
  }

  get locked(): string | null {
    return this.lock();
  }

  reset(option: PriceDropOption): void {
    this.enabled = option.enabled;
    this.percent = option.percent == null ? '' : String(option.percent);
  }

  setEnabled(on: boolean): void {
    if (on && this.locked !== null) return;
    this.enabled = on;
  }

  setPercent(text: string): void {
    this.percent = text;
  }

  get option(): PriceDropOption {
    if (!this.enabled) return { enabled: false };
    const text = this.percent.trim();
    if (text === '') return { enabled: true };
    const percent = Number(text.replace(',', '.'));
    // Not a number: -1 reaches core's range rule and its message (NaN would travel as null).
    return { enabled: true, percent: Number.isFinite(percent) ? percent : -1 };
  }
}
