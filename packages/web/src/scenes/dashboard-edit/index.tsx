import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AFTER_LOGIN_PATH, ALERT_FORM_TEXTS } from '@prijsalarm/core';
import { AlertWizard } from '../../components/alert-form/AlertWizard';
import { Page } from '../../components/content/Page';
import { PageLoading } from '../../components/layout/PageLoading';
import { LoadError } from '../../components/ui/LoadError';
import { useStores } from '../../stores/context';
import { EditAlertStore } from './EditAlertStore';

const texts = ALERT_FORM_TEXTS.edit;

const EditAlert = observer(function EditAlert({ id }: { id: string }) {
  const root = useStores();
  const [store] = useState(() => new EditAlertStore(root, id));
  useEffect(() => {
    void store.load();
  }, [store]);

  if (store.status === 'loading') return <PageLoading label={texts.loading} />;
  return (
    <Page title={texts.title} intro={store.alert ? texts.intro : undefined} width="wide">
      {store.alert ? (
        <AlertWizard context="dashboard" editing={store.alert} />
      ) : store.status === 'not_found' ? (
        <>
          <p>{texts.notFound}</p>
          <p>
            <Link className="button button--primary" to={AFTER_LOGIN_PATH}>
              {texts.backToDashboard}
            </Link>
          </p>
        </>
      ) : (
        <LoadError message={store.error ?? texts.notFound} onRetry={() => void store.load()} />
      )}
    </Page>
  );
});

/** /dashboard/alerts/{id}/bewerken (login required): the wizard, filled in from the saved alert. */
export default function DashboardEditScene() {
  const { id = '' } = useParams();
  return <EditAlert key={id} id={id} />;
}
