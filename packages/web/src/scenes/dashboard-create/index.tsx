import { STRINGS } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';

const texts = STRINGS.web.dashboard;

/** /dashboard/create (login required): the alert wizard comes next. */
export default function DashboardCreateScene() {
  return <Page title={texts.createTitle} intro={texts.createIntro} />;
}
