/** The 'Gebruikers' tab of /admin: search, filter by plan, change a user's plan. */
import { observer } from 'mobx-react-lite';
import { PLANS, PLAN_LABELS, SCREEN_TEXTS, formatDate } from '@prijsalarm/core';
import type { Plan } from '@prijsalarm/core';
import { SelectField } from '../../components/ui/SelectField';
import { AdminListSection, ListFilter } from './AdminListSection';
import type { AdminUsersStore } from './AdminUsersStore';

const texts = SCREEN_TEXTS.admin;

const planOptions = PLANS.map((plan) => ({ value: plan, label: PLAN_LABELS[plan] }));

export const UsersTab = observer(function UsersTab({ store }: { store: AdminUsersStore }) {
  const { list } = store;
  return (
    <AdminListSection
      id="admin-users"
      title={texts.tabs.users}
      searchLabel={texts.searchUsers}
      list={list}
      filters={
        <ListFilter
          list={list}
          name="plan"
          label={texts.plan}
          allLabel={texts.allPlans}
          options={planOptions}
        />
      }
      rowCount={store.users.length}
      emptyText={texts.noUsers}
      columns={[
        texts.email,
        texts.name,
        texts.plan,
        texts.alertCount,
        texts.notificationCount,
        texts.createdAt,
      ]}
    >
      {store.users.map((user) => {
        const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.name;
        return (
          <tr key={user.id}>
            <th scope="row" className="cell-wrap" data-label={texts.email}>
              {user.email}
              {user.role === 'ADMIN' && <span className="badge"> ADMIN</span>}
            </th>
            <td className="cell-wrap" data-label={texts.name}>
              {name || '—'}
            </td>
            <td data-label={texts.plan}>
              <SelectField<Plan>
                label={texts.planOf(user.email)}
                hideLabel
                value={user.plan}
                options={planOptions}
                onChange={(plan) => void store.changePlan(user, plan)}
              />
            </td>
            <td data-label={texts.alertCount}>{user._count.alerts}</td>
            <td data-label={texts.notificationCount}>{user._count.notifications}</td>
            <td data-label={texts.createdAt}>{formatDate(user.createdAt)}</td>
          </tr>
        );
      })}
    </AdminListSection>
  );
});
