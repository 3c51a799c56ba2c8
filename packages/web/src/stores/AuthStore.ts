import { makeAutoObservable, observableRef, reaction, when } from 'mobx';
import {
  AUTH_TEXTS,
  AUTH_WAIT_TIMEOUT_MS,
  CSRF_COOKIE,
  LOGIN_PATH,
  REFRESH_MARKER_COOKIE,
  ROLES,
  authPhase,
  crossTabNavigation,
  decideStartupAction,
  guardNeedsUserFetch,
  guardRoute,
  isApiError,
  isPlan,
  isWithin401Grace,
  loginRedirectPath,
  needsUserRecheck,
  shouldRedirectToLogin,
} from '@prijsalarm/core';
import type {
  AuthPhase,
  AuthResponse,
  AuthState,
  ChangePasswordPayload,
  CrossTabMessage,
  GuardDecision,
  LoginPayload,
  MessageResponse,
  NewsletterUnsubscribeResponse,
  Plan,
  RegisterPayload,
  SessionExpiredInfo,
  UpdateProfilePayload,
  UserDto,
} from '@prijsalarm/core';
import { STORAGE_KEYS, readJson, removeKey, writeJson } from '../platform/storage';
import type { RootStore } from './RootStore';

/** How the session was obtained, which decides what the other tabs are told. */
type SessionSource = 'login' | 'refresh' | 'other_tab';

export interface RouteCheck {
  /** The requested path with its query (kept in the login redirect). */
  path: string;
  requiresLogin: boolean;
  requiresAdmin: boolean;
}

function isStoredUser(value: unknown): value is UserDto {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.email === 'string' &&
    isPlan(user.plan) &&
    (ROLES as readonly unknown[]).includes(user.role)
  );
}

/** The stored auth entry, or the initial state when it is missing or not ours. */
function readStoredState(value: unknown): AuthState<UserDto> {
  const record =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const user = isStoredUser(record.user) ? record.user : null;
  return {
    user,
    csrfToken: typeof record.csrfToken === 'string' ? record.csrfToken : null,
    isAuthenticated: record.isAuthenticated === true && user !== null,
    lastAuthCheck: typeof record.lastAuthCheck === 'number' ? record.lastAuthCheck : null,
    rememberMe: record.rememberMe === true,
  };
}

/**
 * The auth lifecycle: start-up decision, user fetch with the 24 h recheck and the 30 s 401
 * grace, login / verification / refresh, logout, and following the other tabs. The auth state
 * (user, csrfToken, isAuthenticated, lastAuthCheck, rememberMe) is persisted locally.
 */
export class AuthStore {
  user: UserDto | null;
  csrfToken: string | null;
  isAuthenticated: boolean;
  lastAuthCheck: number | null;
  rememberMe: boolean;
  /** False until the start-up decision has run: the auth phase is 'unknown' until then. */
  initialized = false;

  private userRequest: Promise<UserDto | null> | null = null;
  /** One request per one-time token, so a re-rendered page never spends a token twice. */
  private readonly tokenRequests = new Map<string, Promise<unknown>>();
  private readonly disposers: (() => void)[] = [];

  constructor(private readonly root: RootStore) {
    const stored = readStoredState(readJson(root.storage, STORAGE_KEYS.auth));
    this.user = stored.user;
    this.csrfToken = stored.csrfToken;
    this.isAuthenticated = stored.isAuthenticated;
    this.lastAuthCheck = stored.lastAuthCheck;
    this.rememberMe = stored.rememberMe;
    makeAutoObservable<AuthStore, 'root' | 'userRequest' | 'tokenRequests' | 'disposers'>(
      this,
      {
        root: false,
        userRequest: false,
        tokenRequests: false,
        disposers: false,
        user: observableRef,
      },
      { autoBind: true },
    );
    this.disposers.push(
      reaction(() => this.state, this.persist),
      root.crossTab.subscribe(this.followOtherTab),
    );
  }

  /* ---------- Derived state ---------- */

  get state(): AuthState<UserDto> {
    return {
      user: this.user,
      csrfToken: this.csrfToken,
      isAuthenticated: this.isAuthenticated,
      lastAuthCheck: this.lastAuthCheck,
      rememberMe: this.rememberMe,
    };
  }

  get phase(): AuthPhase {
    return authPhase(this.state, this.initialized);
  }

  get isLoggedIn(): boolean {
    return this.phase === 'authenticated';
  }

  get isAdmin(): boolean {
    return this.user?.role === 'ADMIN';
  }

  /** The signed-in user's plan; null for guests. */
  get plan(): Plan | null {
    return this.isLoggedIn ? (this.user?.plan ?? null) : null;
  }

  /* ---------- Start-up and the user ---------- */

  /**
   * Start-up. Throws what a failed user fetch throws (other than 401), so the app's start can
   * show its failure toast; the phase is decided either way.
   */
  async initialize(): Promise<void> {
    const action = decideStartupAction({
      storedAuthenticated: this.isAuthenticated,
      hasCsrfCookie: this.hasCookie(CSRF_COOKIE),
      hasRefreshMarker: this.hasCookie(REFRESH_MARKER_COOKIE),
      rememberMe: this.rememberMe,
      userKnown: this.user !== null && !needsUserRecheck(this.lastAuthCheck, this.root.now()),
    });
    try {
      switch (action) {
        case 'reset':
          this.resetState();
          break;
        case 'clear':
          this.clearSession();
          break;
        case 'ready':
          this.isAuthenticated = this.user !== null;
          break;
        case 'fetch_user':
          await this.fetchUser();
          break;
        case 'try_refresh':
          try {
            // The client's onSessionRefreshed hook adopts the new session.
            await this.root.api.auth.refresh();
          } catch {
            this.clearSession();
          }
          break;
      }
    } finally {
      this.markInitialized();
    }
  }

  /**
   * GET /auth/me. A 401 clears the state unless it comes within 30 s of the last successful check
   * (then the known user is kept). Other failures are thrown. Concurrent callers share one request.
   */
  fetchUser(): Promise<UserDto | null> {
    this.userRequest ??= this.requestUser().finally(() => {
      this.userRequest = null;
    });
    return this.userRequest;
  }

  /** Re-fetches the user only when the last check is older than 24 h. */
  async recheckUser(): Promise<UserDto | null> {
    if (this.isLoggedIn && !needsUserRecheck(this.lastAuthCheck, this.root.now())) return this.user;
    return this.fetchUser();
  }

  private async requestUser(): Promise<UserDto | null> {
    const lastCheck = this.lastAuthCheck;
    try {
      const { user } = await this.root.api.auth.me();
      this.acceptUser(user);
      return user;
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        if (isWithin401Grace(lastCheck, this.root.now())) return this.user;
        this.clearSession();
        return null;
      }
      throw error;
    }
  }

  /** Waits until the start-up decision ran (10 s at most). */
  async whenInitialized(timeoutMs = AUTH_WAIT_TIMEOUT_MS): Promise<void> {
    try {
      await when(() => this.initialized, { timeout: timeoutMs });
    } catch {
      // Timed out: decide with what is known.
    }
  }

  /**
   * The route guard: fetches the user when the page needs one that is missing (and
   * always for admin pages); a failed fetch logs out. Returns where to go.
   */
  async checkRoute(route: RouteCheck): Promise<GuardDecision> {
    await this.whenInitialized();
    const input = () => ({
      ...route,
      hasCsrfCookie: this.hasCookie(CSRF_COOKIE),
      isAuthenticated: this.isAuthenticated,
      user: this.user,
    });
    if (guardNeedsUserFetch(input())) {
      const user = await this.fetchUser().catch(() => null);
      if (!user) await this.logout({ redirectTo: null });
    }
    return guardRoute(input());
  }

  /* ---------- Signing in ---------- */

  async login(payload: LoginPayload): Promise<AuthResponse> {
    await this.root.ensureCsrfToken();
    const auth = await this.root.api.auth.login(payload);
    this.adoptSession(auth, 'login', payload.rememberMe === true);
    return auth;
  }

  /** GET /auth/verify/{token}: confirms the e-mail address and logs in. */
  verifyEmail(token: string): Promise<AuthResponse> {
    return this.once(`verify:${token}`, async () => {
      const auth = await this.root.api.auth.verify(token);
      this.adoptSession(auth, 'login', false);
      return auth;
    });
  }

  /** GET /auth/login-link/{token}: the one-time e-mail login link. */
  loginWithLink(token: string): Promise<AuthResponse> {
    return this.once(`login-link:${token}`, async () => {
      const auth = await this.root.api.auth.loginWithLink(token);
      this.adoptSession(auth, 'login', false);
      return auth;
    });
  }

  async register(payload: RegisterPayload): Promise<MessageResponse> {
    await this.root.ensureCsrfToken();
    return this.root.api.auth.register(payload);
  }

  async requestPasswordReset(email: string): Promise<MessageResponse> {
    await this.root.ensureCsrfToken();
    return this.root.api.auth.requestPasswordReset({ email });
  }

  async resetPassword(token: string, password: string): Promise<MessageResponse> {
    await this.root.ensureCsrfToken();
    return this.root.api.auth.resetPassword(token, { password });
  }

  async requestLoginLink(email: string): Promise<MessageResponse> {
    await this.root.ensureCsrfToken();
    return this.root.api.auth.loginLink({ email });
  }

  /** The newsletter's unsubscribe link (GET, so it needs no session and no CSRF token). */
  unsubscribeNewsletter(token: string): Promise<NewsletterUnsubscribeResponse> {
    return this.once(`unsubscribe:${token}`, () => this.root.api.newsletter.unsubscribe({ token }));
  }

  /* ---------- Signing out ---------- */

  /**
   * Logout, normal or forced (every device). Whatever the server answers, it ends with a broadcast,
   * a reset and clearing the stored data, then goes to `redirectTo` (null: stay).
   */
  async logout({
    force = false,
    redirectTo = '/',
  }: { force?: boolean; redirectTo?: string | null } = {}): Promise<void> {
    try {
      // Without a CSRF cookie the server would refuse the call anyway (and the client would
      // send the user to /login for it): there is no session to end.
      if (this.hasCookie(CSRF_COOKIE)) {
        await (force ? this.root.api.auth.forceLogout() : this.root.api.auth.logout());
      }
    } catch (error) {
      console.warn('Logout request failed; logging out locally', error);
    } finally {
      this.root.crossTab.post('AUTH_LOGOUT', null);
      this.clearSession();
      if (redirectTo !== null) this.root.navigator.navigate(redirectTo);
    }
  }

  /** Changes the password, then logs out: the user logs in again with the new one. */
  async changePassword(payload: ChangePasswordPayload): Promise<MessageResponse> {
    const answer = await this.root.api.auth.changePassword(payload);
    await this.logout({ redirectTo: LOGIN_PATH });
    this.root.toasts.success(answer.message);
    return answer;
  }

  async deleteAccount(password: string): Promise<MessageResponse> {
    const answer = await this.root.api.auth.deleteAccount({ password });
    await this.logout({ redirectTo: '/' });
    this.root.toasts.success(answer.message);
    return answer;
  }

  /* ---------- The user and the plan ---------- */

  async updateProfile(payload: UpdateProfilePayload): Promise<UserDto> {
    const { user } = await this.root.api.auth.updateMe(payload);
    this.replaceUser(user);
    return user;
  }

  /** POST /upgrade-to-pro: the answer replaces the user. */
  async upgradeToPro(): Promise<UserDto> {
    const { user } = await this.root.api.auth.upgradeToPro();
    this.replaceUser(user);
    return user;
  }

  /** A new version of the signed-in user; a changed plan is told to the other tabs. */
  replaceUser(user: UserDto): void {
    const planChanged = this.user !== null && this.user.plan !== user.plan;
    this.user = user;
    if (planChanged) {
      this.root.crossTab.post('PLAN_CHANGE', { plan: user.plan });
      this.refetchCapabilities();
    }
  }

  /**
   * The server said the plan or the alert limit changed (a payment, an admin, in any browser):
   * the user and the capabilities are read again, and every screen that depends on them follows.
   */
  followAccountChange(): void {
    if (!this.isLoggedIn) return;
    this.refetchCapabilities();
    void this.fetchUser().catch((error: unknown) =>
      console.warn('Could not re-read the user', error),
    );
  }

  /* ---------- Hooks of the API client ---------- */

  /** The client refreshed the session: store it, tell the other tabs, clear the caches. */
  handleSessionRefreshed(auth: AuthResponse): void {
    this.adoptSession(auth, 'refresh');
  }

  /** A 401 could not be cured: forget the user when told to, and go to /login. */
  handleSessionExpired(info: SessionExpiredInfo): void {
    if (info.clearState) this.clearSession();
    if (info.redirectToLogin) {
      this.root.toasts.info(AUTH_TEXTS.sessionExpired);
      this.root.navigator.navigate(loginRedirectPath(this.root.navigator.currentPath()));
    }
  }

  /** A 403 CSRF could not be cured by a refresh: go to /login. */
  handleCsrfFailure(): void {
    if (shouldRedirectToLogin(this.root.navigator.currentPath())) {
      this.root.navigator.navigate(LOGIN_PATH);
    }
  }

  /* ---------- Internals ---------- */

  /**
   * Login, verification and refresh set the user and the CSRF token, tell the other tabs and
   * clear the settings and capabilities caches; capabilities are then fetched again.
   */
  private adoptSession(auth: AuthResponse, source: SessionSource, rememberMe?: boolean): void {
    this.user = auth.user;
    this.csrfToken = auth.csrfToken;
    this.isAuthenticated = true;
    this.lastAuthCheck = this.root.now();
    if (rememberMe !== undefined) this.rememberMe = rememberMe;
    this.initialized = true;
    if (source === 'login') {
      this.root.crossTab.post('AUTH_LOGIN', { user: { ...auth.user }, csrfToken: auth.csrfToken });
    } else if (source === 'refresh') {
      this.root.crossTab.post('SESSION_REFRESH', { csrfToken: auth.csrfToken });
    }
    this.root.settings.clearCache();
    this.refetchCapabilities();
    void this.root.settings.load();
  }

  private acceptUser(user: UserDto): void {
    const planChanged = this.user !== null && this.user.plan !== user.plan;
    this.user = user;
    this.isAuthenticated = true;
    this.lastAuthCheck = this.root.now();
    if (planChanged) this.refetchCapabilities();
  }

  private refetchCapabilities(): void {
    this.root.capabilities.clearCache();
    void this.root.capabilities.load();
  }

  private followOtherTab(message: CrossTabMessage): void {
    const path = this.root.navigator.currentPath();
    switch (message.type) {
      case 'AUTH_LOGIN': {
        const { user, csrfToken } = message.payload;
        this.adoptSession({ user: user as unknown as UserDto, csrfToken }, 'other_tab');
        break;
      }
      case 'AUTH_LOGOUT':
        this.clearSession();
        break;
      case 'PLAN_CHANGE':
        if (this.user) this.user = { ...this.user, plan: message.payload.plan };
        this.refetchCapabilities();
        break;
      case 'SESSION_REFRESH':
        this.csrfToken = message.payload.csrfToken;
        break;
    }
    const target = crossTabNavigation(message.type, path);
    if (target !== null) this.root.navigator.navigate(target, { replace: true });
  }

  private resetState(): void {
    this.user = null;
    this.csrfToken = null;
    this.isAuthenticated = false;
    this.lastAuthCheck = null;
    this.rememberMe = false;
  }

  /** Reset plus clearing what is stored: the auth entry and the settings and capabilities caches. */
  private clearSession(): void {
    this.resetState();
    removeKey(this.root.storage, STORAGE_KEYS.auth);
    this.root.settings.clearCache();
    this.root.capabilities.clearCache();
  }

  private markInitialized(): void {
    this.initialized = true;
  }

  private persist(state: AuthState<UserDto>): void {
    if (state.user === null && !state.isAuthenticated)
      removeKey(this.root.storage, STORAGE_KEYS.auth);
    else writeJson(this.root.storage, STORAGE_KEYS.auth, state);
  }

  private hasCookie(name: string): boolean {
    return Boolean(this.root.cookies.get(name));
  }

  private once<T>(key: string, run: () => Promise<T>): Promise<T> {
    let request = this.tokenRequests.get(key) as Promise<T> | undefined;
    if (!request) {
      request = run();
      this.tokenRequests.set(key, request);
      // A failure (say, no network) may be tried again; a success is never repeated.
      request.catch(() => this.tokenRequests.delete(key));
    }
    return request;
  }

  dispose(): void {
    for (const dispose of this.disposers.splice(0)) dispose();
  }
}
