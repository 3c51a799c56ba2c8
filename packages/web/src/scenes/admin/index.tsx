import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SCREEN_TEXTS, WEB_TEXTS } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { Tabs, tabFromQuery } from '../../components/ui/Tabs';
import { useStores } from '../../stores/context';
import '../../styles/screens.css';
import { ADMIN_TAB_ITEMS, AdminStore } from './AdminStore';
import type { AdminTab } from './AdminStore';
import { AlertsTab } from './AlertsTab';
import { PaymentsTab } from './PaymentsTab';
import { SettingsTab } from './SettingsTab';
import { StatsTab } from './StatsTab';
import { UsersTab } from './UsersTab';
import { SUPPORT_TAB, SUPPORT_TAB_ITEM } from './support/tab';
import { SupportTab } from './support/SupportTab';

const page = WEB_TEXTS.admin;
const texts = SCREEN_TEXTS.admin;

const TAB_ITEMS = [...ADMIN_TAB_ITEMS, SUPPORT_TAB_ITEM];

/** /admin (login and role ADMIN required): statistics, users, alerts, payments, settings and the support inbox. */
const AdminScene = observer(function AdminScene() {
  const root = useStores();
  const [store] = useState(() => new AdminStore(root));
  const [params, setParams] = useSearchParams();
  const tab = tabFromQuery<AdminTab | typeof SUPPORT_TAB>(params.get('tab'), TAB_ITEMS, 'stats');
  useEffect(() => {
    if (tab !== SUPPORT_TAB) store.open(tab);
  }, [store, tab]);

  return (
    <Page title={page.title} intro={page.intro} width="wide">
      <Tabs
        label={texts.tabsLabel}
        tabs={TAB_ITEMS}
        selected={tab}
        idPrefix="admin"
        onSelect={(id) => setParams({ tab: id }, { replace: true })}
      >
        {tab === 'stats' && <StatsTab store={store.stats} />}
        {tab === 'users' && <UsersTab store={store.users} />}
        {tab === 'alerts' && <AlertsTab store={store.alerts} />}
        {tab === 'payments' && <PaymentsTab store={store.payments} />}
        {tab === 'settings' && <SettingsTab store={store} />}
        {tab === SUPPORT_TAB && <SupportTab />}
      </Tabs>
    </Page>
  );
});

export default AdminScene;
