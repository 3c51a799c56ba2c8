import { makeAutoObservable, runInAction } from 'mobx';
import {
  SCREEN_TEXTS,
  WEB_TEXTS,
  changePasswordSchema,
  deleteAccountSchema,
  updateProfileSchema,
} from '@prijsalarm/core';
import { FormModel } from '../../stores/FormModel';
import { errorText } from '../../stores/errors';
import type { RootStore } from '../../stores/RootStore';

const texts = SCREEN_TEXTS.myAccount;

export const ACCOUNT_TABS = [
  'profile',
  'password',
  'newsletter',
  'integrations',
  'sessions',
  'subscription',
  'deleteAccount',
] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

const tabLabels = { ...WEB_TEXTS.myAccount.tabs, ...texts.tabs };

export const ACCOUNT_TAB_ITEMS = ACCOUNT_TABS.map((id) => ({ id, label: tabLabels[id] }));

/**
 * /my-account's forms: profile (PUT /auth/me), password (then logged out), newsletter opt-in and
 * account deletion behind a confirmation. Each form shows core's Dutch messages and the server's.
 */
export class AccountStore {
  readonly profile: FormModel<{ firstName: string; lastName: string; name: string }>;
  readonly password = new FormModel({ currentPassword: '', newPassword: '' });
  readonly deletion = new FormModel({ password: '' });
  /** The delete form passed its check and waits for the final yes. */
  confirmingDelete = false;
  newsletterSaving = false;

  constructor(private readonly root: RootStore) {
    const user = root.auth.user;
    this.profile = new FormModel({
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      name: user?.name ?? '',
    });
    makeAutoObservable<AccountStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  get email(): string {
    return this.root.auth.user?.email ?? '';
  }

  get newsletterOptIn(): boolean {
    return this.root.auth.user?.newsletterOptIn ?? false;
  }

  async saveProfile(): Promise<void> {
    const user = await this.profile.submit(updateProfileSchema, (data) =>
      this.root.auth.updateProfile(data),
    );
    if (user) {
      this.profile.reset({
        firstName: user.firstName ?? '',
        lastName: user.lastName ?? '',
        name: user.name ?? '',
      });
      this.root.toasts.success(texts.profileSaved);
    }
  }

  /** AuthStore.changePassword logs out and goes to /login afterwards. */
  async changePassword(): Promise<void> {
    await this.password.submit(changePasswordSchema, (data) => this.root.auth.changePassword(data));
  }

  async setNewsletter(optIn: boolean): Promise<void> {
    if (this.newsletterSaving) return;
    this.newsletterSaving = true;
    try {
      await this.root.auth.updateProfile({ newsletterOptIn: optIn });
      this.root.toasts.success(optIn ? texts.newsletterSubscribed : texts.newsletterUnsubscribed);
    } catch (error) {
      this.root.toasts.error(errorText(error));
    } finally {
      runInAction(() => {
        this.newsletterSaving = false;
      });
    }
  }

  /** First step: the password must be filled in before the question is asked. */
  async requestDelete(): Promise<void> {
    await this.deletion.submit(deleteAccountSchema, async () => {
      runInAction(() => {
        this.confirmingDelete = true;
      });
    });
  }

  cancelDelete(): void {
    this.confirmingDelete = false;
  }

  /** DELETE /auth/account {password}; AuthStore logs out and goes home. A wrong password shows at the field. */
  async confirmDelete(): Promise<void> {
    await this.deletion.submit(deleteAccountSchema, (data) =>
      this.root.auth.deleteAccount(data.password),
    );
    runInAction(() => {
      this.confirmingDelete = false;
    });
  }
}
