import { makeAutoObservable, runInAction } from 'mobx';
import {
  ALERT_FIELD_TEXTS,
  PLAN_ERROR_UPGRADE_REDIRECT_MS,
  POST_CREATION_REDIRECT_MS,
  isApiError,
  isPlanUpgradeError,
  upgradePathFor,
} from '@prijsalarm/core';
import type { CreateAlertResponse } from '@prijsalarm/core';
import type { RootStore } from '../../stores/RootStore';

/** Creating an alert: idle, submitting, success (redirect after 3 s) or error (retry resets). */
export type CreationPhase = 'idle' | 'submitting' | 'success' | 'error';

export interface CreationOptions {
  /** Where to go 3 s after success; null: `onNoRedirect` runs instead (the form resets). */
  redirectAfterSuccess(manageUrl: string): string | null;
  onNoRedirect(): void;
  /** The wizard sends a plan refusal to the upgrade page after 3 s; the guest form does not. */
  upgradeOnPlanError: boolean;
}

/** How a sent form ended: created, refused with field messages (shown on the form), or failed. */
export type CreationOutcome =
  | { type: 'created' }
  | { type: 'fields'; fields: Record<string, string>; message: string }
  | { type: 'failed' }
  | { type: 'busy' };

/**
 * One alert creation (POST /alerts) and what follows it: the success card with its 3 s redirect,
 * or the error card with the server's Dutch message, and the upgrade redirect after a plan refusal.
 */
export class AlertCreation {
  phase: CreationPhase = 'idle';
  /** The error card's text. */
  errorMessage: string | null = null;
  /** Where the pending redirect goes; null when none is pending. */
  redirectTarget: string | null = null;
  redirectReason: 'created' | 'upgrade' | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<AlertCreation, 'root' | 'timer'>(
      this,
      { root: false, timer: false },
      { autoBind: true },
    );
  }

  get isSubmitting(): boolean {
    return this.phase === 'submitting';
  }

  async create(
    send: () => Promise<CreateAlertResponse>,
    options: CreationOptions,
  ): Promise<CreationOutcome> {
    if (this.phase === 'submitting') return { type: 'busy' };
    this.clearTimer();
    this.phase = 'submitting';
    this.errorMessage = null;
    this.redirectTarget = null;
    this.redirectReason = null;
    try {
      const { alert } = await send();
      const target = options.redirectAfterSuccess(alert.manageUrl);
      runInAction(() => {
        this.phase = 'success';
        this.redirectTarget = target;
        this.redirectReason = 'created';
      });
      this.schedule(POST_CREATION_REDIRECT_MS, () => {
        if (target !== null) this.root.navigator.navigate(target);
        else options.onNoRedirect();
      });
      return { type: 'created' };
    } catch (error) {
      return runInAction(() => this.fail(error, options));
    }
  }

  private fail(error: unknown, options: CreationOptions): CreationOutcome {
    const body = isApiError(error) ? error.body : undefined;
    const status = isApiError(error) ? error.status : 0;
    if (!isApiError(error)) console.error(error);
    if (body?.fields && Object.keys(body.fields).length > 0 && status === 400) {
      this.phase = 'idle';
      return { type: 'fields', fields: body.fields, message: body.error };
    }
    this.phase = 'error';
    this.errorMessage = body?.error ?? ALERT_FIELD_TEXTS.createError;
    if (options.upgradeOnPlanError && isPlanUpgradeError(status, body)) {
      const target = upgradePathFor(this.root.auth.isLoggedIn);
      this.redirectTarget = target;
      this.redirectReason = 'upgrade';
      this.schedule(PLAN_ERROR_UPGRADE_REDIRECT_MS, () => this.root.navigator.navigate(target));
    }
    return { type: 'failed' };
  }

  /** Back to the form (the error card's retry, or a reset after success). */
  reset(): void {
    this.clearTimer();
    this.phase = 'idle';
    this.errorMessage = null;
    this.redirectTarget = null;
    this.redirectReason = null;
  }

  /** Goes where the pending redirect would go, now. */
  redirectNow(): void {
    const target = this.redirectTarget;
    this.clearTimer();
    if (target !== null) this.root.navigator.navigate(target);
  }

  dispose(): void {
    this.clearTimer();
  }

  private schedule(ms: number, run: () => void): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      run();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
