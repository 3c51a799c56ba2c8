import { makeAutoObservable, observable, runInAction } from 'mobx';
import { PLAN_LABELS, SCREEN_TEXTS, adminPlanChangeSchema, validateInput } from '@prijsalarm/core';
import type { Plan, UserDto } from '@prijsalarm/core';
import { errorText } from '../../stores/errors';
import type { LoadStatus } from '../../stores/latestLoad';
import { PagedList } from '../../stores/PagedList';
import type { RootStore } from '../../stores/RootStore';

const texts = SCREEN_TEXTS.admin;

export type AdminUserFilters = { search: string; plan: '' | Plan };

/** GET /admin/users (search, plan, pages) and PUT /admin/users/:id/plan. */
export class AdminUsersStore {
  readonly list: PagedList<UserDto, AdminUserFilters>;
  readonly changing = observable.set<string>();

  constructor(private readonly root: RootStore) {
    this.list = new PagedList<UserDto, AdminUserFilters>(
      { search: '', plan: '' },
      async (request) => {
        const { users, pagination } = await root.api.admin.users(request);
        return { items: users, pagination };
      },
    );
    makeAutoObservable<AdminUsersStore, 'root'>(
      this,
      { root: false, list: false, changing: false },
      { autoBind: true },
    );
  }

  get users(): UserDto[] {
    return this.list.items;
  }

  get status(): LoadStatus {
    return this.list.status;
  }

  load(): Promise<void> {
    return this.list.load();
  }

  /** PUT /admin/users/:id/plan, confirmed with a toast; the user's own tabs pick it up on refetch. */
  async changePlan(user: UserDto, plan: Plan): Promise<void> {
    if (plan === user.plan || this.changing.has(user.id)) return;
    const check = validateInput(adminPlanChangeSchema, { plan });
    if (!check.success) {
      this.root.toasts.error(check.error);
      return;
    }
    this.changing.add(user.id);
    try {
      const { user: updated } = await this.root.api.admin.updateUserPlan(user.id, check.data);
      this.list.replace(updated);
      // An admin who changes their own plan sees it at once (and their other tabs are told).
      if (updated.id === this.root.auth.user?.id) this.root.auth.replaceUser(updated);
      this.root.toasts.success(texts.planChanged(updated.email, PLAN_LABELS[updated.plan]));
    } catch (error) {
      this.root.toasts.error(errorText(error));
    } finally {
      runInAction(() => this.changing.delete(user.id));
    }
  }
}
