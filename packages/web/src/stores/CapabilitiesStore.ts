import { makeAutoObservable, observableRef, runInAction, when } from 'mobx';
import {
  CAPABILITIES_CACHE_MS,
  CAPABILITIES_STARTUP_WAIT_MS,
  GUEST_FALLBACK_CAPABILITIES,
  capabilitiesLoadFailure,
  hydrateCapabilities,
  isCacheFresh,
} from '@prijsalarm/core';
import type { Capabilities, Plan } from '@prijsalarm/core';
import type { RootStore } from './RootStore';

const GUEST_CAPABILITIES = hydrateCapabilities(GUEST_FALLBACK_CAPABILITIES);

/**
 * What the current user may do: cached 5 minutes, refetched after login; on an error the FREE
 * guest profile is used and 'Failed to load user capabilities' logged.
 */
export class CapabilitiesStore {
  capabilities: Capabilities | null = null;
  fetchedAt: number | null = null;
  /** The message of the last failed load; null after a successful one. */
  error: string | null = null;
  private inFlight: Promise<Capabilities> | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<CapabilitiesStore, 'root' | 'inFlight'>(
      this,
      { root: false, inFlight: false, capabilities: observableRef },
      { autoBind: true },
    );
  }

  /** The loaded capabilities, or the FREE guest profile until they are known. */
  get current(): Capabilities {
    return this.capabilities ?? GUEST_CAPABILITIES;
  }

  get isLoaded(): boolean {
    return this.capabilities !== null;
  }

  /** Fetches unless the cache is fresh; concurrent callers share one request. Never throws. */
  load({ force = false }: { force?: boolean } = {}): Promise<Capabilities> {
    if (
      !force &&
      this.capabilities !== null &&
      isCacheFresh(this.fetchedAt, this.root.now(), CAPABILITIES_CACHE_MS)
    ) {
      return Promise.resolve(this.capabilities);
    }
    this.inFlight ??= this.fetch().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** Waits (5 s at most) for capabilities; the guest profile if they did not come. */
  async whenLoaded(timeoutMs = CAPABILITIES_STARTUP_WAIT_MS): Promise<Capabilities> {
    try {
      await when(() => this.capabilities !== null, { timeout: timeoutMs });
    } catch {
      // Timed out: fall through to what is known.
    }
    return this.current;
  }

  /**
   * Fresh capabilities name the plan the server knows. Another plan than the signed-in user's means
   * it changed elsewhere (an admin, a payment): the user is read again, so every screen follows.
   */
  noticeUserPlan(userPlan: Plan | null): void {
    const { auth } = this.root;
    if (userPlan === null || !auth.isLoggedIn || !auth.user || auth.user.plan === userPlan) return;
    void auth
      .fetchUser()
      .catch((error: unknown) => console.warn('Could not re-read the user', error));
  }

  /** Forgets the loaded capabilities (login, logout, plan change): the next load asks again. */
  clearCache(): void {
    this.capabilities = null;
    this.fetchedAt = null;
    this.error = null;
  }

  private async fetch(): Promise<Capabilities> {
    try {
      const data = await this.root.api.settings.userCapabilities();
      const capabilities = hydrateCapabilities(data);
      const fetchedAt = this.root.now();
      runInAction(() => {
        this.capabilities = capabilities;
        this.fetchedAt = fetchedAt;
        this.error = null;
      });
      this.noticeUserPlan(capabilities.userPlan);
      return capabilities;
    } catch (cause) {
      const failure = capabilitiesLoadFailure();
      console.error(failure.error, cause);
      runInAction(() => {
        this.capabilities = failure.capabilities;
        // Not fresh: the next load tries the server again.
        this.fetchedAt = null;
        this.error = failure.error;
      });
      return failure.capabilities;
    }
  }
}
