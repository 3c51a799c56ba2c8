import { makeAutoObservable, runInAction } from 'mobx';
import { AUTH_TEXTS, LOGIN_PATH, describeUserAgent } from '@prijsalarm/core';
import type { SessionDto } from '@prijsalarm/core';
import { errorText } from '../../stores/errors';
import type { RootStore } from '../../stores/RootStore';

/** Where the user is logged in (GET /auth/sessions), ending one, and logging out everywhere. */
export class SessionsStore {
  sessions: SessionDto[] = [];
  phase: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  error: string | null = null;
  ending: string | null = null;
  confirmingLogoutEverywhere = false;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<SessionsStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  device(session: SessionDto): string {
    return describeUserAgent(session.userAgent);
  }

  async load(): Promise<void> {
    if (this.phase !== 'ready') this.phase = 'loading';
    try {
      const { sessions } = await this.root.api.auth.sessions();
      runInAction(() => {
        // This device first.
        this.sessions = [...sessions].sort((a, b) => Number(b.current) - Number(a.current));
        this.error = null;
        this.phase = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.error = errorText(error);
        this.phase = 'error';
      });
    }
  }

  /** DELETE /auth/sessions/:id; ending this device's session logs out here too. */
  async end(session: SessionDto): Promise<void> {
    if (this.ending) return;
    this.ending = session.id;
    try {
      const { message } = await this.root.api.auth.endSession(session.id);
      if (session.current) {
        await this.root.auth.logout({ redirectTo: LOGIN_PATH });
        this.root.toasts.success(message);
        return;
      }
      runInAction(() => {
        this.sessions = this.sessions.filter((known) => known.id !== session.id);
      });
      this.root.toasts.success(message);
    } catch (error) {
      this.root.toasts.error(errorText(error));
    } finally {
      runInAction(() => {
        this.ending = null;
      });
    }
  }

  requestLogoutEverywhere(): void {
    this.confirmingLogoutEverywhere = true;
  }

  cancelLogoutEverywhere(): void {
    this.confirmingLogoutEverywhere = false;
  }

  /** POST /auth/force-logout, then the local logout. */
  async logoutEverywhere(): Promise<void> {
    this.confirmingLogoutEverywhere = false;
    await this.root.auth.logout({ force: true, redirectTo: LOGIN_PATH });
    this.root.toasts.success(AUTH_TEXTS.loggedOutEverywhere);
  }
}
