import { WEB_TEXTS } from '@prijsalarm/core';
import { AlertWizard } from '../../components/alert-form/AlertWizard';
import { Page } from '../../components/content/Page';

const texts = WEB_TEXTS.dashboard;

/** /dashboard/create (login required): the alert wizard; after success back to /dashboard. */
export default function DashboardCreateScene() {
  return (
    <Page title={texts.createTitle} intro={texts.createIntro} width="wide">
      <AlertWizard context="dashboard" />
    </Page>
  );
}
