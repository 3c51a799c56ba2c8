/** The 'Alerts' tab of /admin: search and filter every alert, delete one after a yes. */
import { observer } from 'mobx-react-lite';
import {
  ALERT_STATUSES,
  EMPTY_STATE_TEXTS,
  PLATFORM_OPTIONS,
  platformNames,
  SCREEN_TEXTS,
  alertStatusLabel,
  formatDate,
} from '@prijsalarm/core';
import type { AlertStatus, PlatformId } from '@prijsalarm/core';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { PagedTable } from '../../components/ui/PagedTable';
import { SearchBar } from '../../components/ui/SearchBar';
import { SelectField } from '../../components/ui/SelectField';
import type { AdminAlertsStore } from './AdminStore';

const texts = SCREEN_TEXTS.admin;
const common = SCREEN_TEXTS.common;

export const AlertsTab = observer(function AlertsTab({ store }: { store: AdminAlertsStore }) {
  const { list, deleting } = store;
  return (
    <section aria-labelledby="admin-alerts-title">
      <h2 id="admin-alerts-title" className="visually-hidden">
        {texts.tabs.alerts}
      </h2>
      <SearchBar
        label={texts.searchAlerts}
        value={list.query.search}
        onChange={(search) => list.setQuery('search', search)}
        onSubmit={() => void list.apply()}
      >
        <SelectField<'' | AlertStatus>
          label={texts.status}
          value={list.query.status}
          options={[
            { value: '', label: texts.allStatuses },
            ...ALERT_STATUSES.map((status) => ({ value: status, label: alertStatusLabel(status) })),
          ]}
          onChange={(status) => void list.filter('status', status)}
        />
        <SelectField<'' | PlatformId>
          label={common.platform}
          value={list.query.platform}
          options={[{ value: '', label: common.allPlatforms }, ...PLATFORM_OPTIONS]}
          onChange={(platform) => void list.filter('platform', platform)}
        />
      </SearchBar>
      <PagedTable
        list={list}
        rowCount={list.items.length}
        emptyText={texts.noAlerts}
        empty={{
          symbol: 'bell',
          title: texts.noAlerts,
          text: EMPTY_STATE_TEXTS.admin.alertsText,
        }}
        caption={texts.tabs.alerts}
        columns={[
          texts.searchTermColumn,
          texts.owner,
          texts.status,
          common.platform,
          texts.notificationCount,
          texts.createdAt,
          texts.actions,
        ]}
      >
        {list.items.map((alert) => (
          <tr key={alert.id}>
            <th scope="row" className="cell-wrap" data-label={texts.searchTermColumn}>
              {alert.searchTerm}
            </th>
            <td className="cell-wrap" data-label={texts.owner}>
              {alert.userEmail ?? texts.guestOwner}
            </td>
            <td data-label={texts.status}>
              <span className={`badge badge--${alert.status}`}>
                {alertStatusLabel(alert.status)}
              </span>
            </td>
            <td data-label={common.platform}>{platformNames(alert.platforms)}</td>
            <td data-label={texts.notificationCount}>{alert.notificationCount}</td>
            <td data-label={texts.createdAt}>{formatDate(alert.createdAt)}</td>
            <td data-label={texts.actions}>
              <button
                type="button"
                className="button button--danger-outline button--small"
                aria-label={texts.deleteAlertFor(alert.searchTerm)}
                onClick={() => store.requestDelete(alert)}
              >
                {texts.deleteAlert}
              </button>
            </td>
          </tr>
        ))}
      </PagedTable>
      <ConfirmDialog
        open={deleting !== null}
        title={texts.deleteAlertTitle}
        confirmLabel={texts.deleteAlert}
        busy={store.deleteBusy}
        onConfirm={() => void store.confirmDelete()}
        onCancel={store.cancelDelete}
      >
        <p>
          {deleting
            ? texts.deleteAlertText(deleting.searchTerm, deleting.userEmail ?? texts.guestOwner)
            : ''}
        </p>
      </ConfirmDialog>
    </section>
  );
});
