import { STRINGS } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';

const texts = STRINGS.web.refreshAlert;

/** /manage/{manageToken}/refresh/{refreshToken}: extends an alert. The call comes next. */
export default function RefreshAlertScene() {
  return <Page title={texts.title} intro={texts.intro} />;
}
