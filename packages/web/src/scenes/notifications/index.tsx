import { observer } from 'mobx-react-lite';
import { STRINGS } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { useStores } from '../../stores/context';

const texts = STRINGS.web.notifications;

/** /notifications (login required): the notification centre comes next. */
const NotificationsScene = observer(function NotificationsScene() {
  const { auth } = useStores();
  return (
    <Page title={texts.title} intro={texts.intro}>
      {auth.user && <p>{texts.count(auth.user._count.notifications)}</p>}
    </Page>
  );
});

export default NotificationsScene;
