import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { WEB_TEXTS, formatAlertCount } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { GuestAlertForm } from '../../components/alert-form/GuestAlertForm';
import { useStores } from '../../stores/context';

const texts = WEB_TEXTS.freeAlert;

/** /gratis-alert-maken: the guest's free alert; signed-in users go to the wizard. */
const FreeAlertScene = observer(function FreeAlertScene() {
  const { settings, auth } = useStores();
  return (
    <Page
      title={texts.title}
      intro={texts.intro(formatAlertCount(settings.current.alertLimits.FREE))}
    >
      {auth.isLoggedIn ? (
        <div className="notice notice--info">
          <p>{WEB_TEXTS.home.loggedInText}</p>
          <Link className="button button--primary" to="/dashboard/create">
            {WEB_TEXTS.dashboard.newAlert}
          </Link>
        </div>
      ) : (
        <GuestAlertForm />
      )}
    </Page>
  );
});

export default FreeAlertScene;
