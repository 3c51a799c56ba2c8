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
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { AdminListSection, ListFilter } from './AdminListSection';
import type { AdminAlertsStore } from './AdminAlertsStore';

const texts = SCREEN_TEXTS.admin;
const common = SCREEN_TEXTS.common;

export const AlertsTab = observer(function AlertsTab({ store }: { store: AdminAlertsStore }) {
  const { list, deleting } = store;
  return (
    <>
      <AdminListSection
        id="admin-alerts"
        title={texts.tabs.alerts}
        searchLabel={texts.searchAlerts}
        list={list}
        filters={
          <>
            <ListFilter
              list={list}
              name="status"
              label={texts.status}
              allLabel={texts.allStatuses}
              options={ALERT_STATUSES.map((status) => ({
                value: status,
                label: alertStatusLabel(status),
              }))}
            />
            <ListFilter
              list={list}
              name="platform"
              label={common.platform}
              allLabel={common.allPlatforms}
              options={PLATFORM_OPTIONS}
            />
          </>
        }
        rowCount={list.items.length}
        emptyText={texts.noAlerts}
        empty={{
          symbol: 'bell',
          title: texts.noAlerts,
          text: EMPTY_STATE_TEXTS.admin.alertsText,
        }}
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
      </AdminListSection>
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
    </>
  );
});
