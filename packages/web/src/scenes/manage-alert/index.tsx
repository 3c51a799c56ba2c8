import { STRINGS } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';

const texts = STRINGS.web.manageAlert;

/** /manage/{token}: an alert managed through its secret link. The management screen comes next. */
export default function ManageAlertScene() {
  return <Page title={texts.title} intro={texts.intro} />;
}
