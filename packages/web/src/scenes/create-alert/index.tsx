import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { STRINGS, loginRedirectPath } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { useStores } from '../../stores/context';

const texts = STRINGS.web.createAlert;

/** /prijsalarm-maken (and /create-alert): where an alert is made. The wizard comes next. */
const CreateAlertScene = observer(function CreateAlertScene() {
  const { auth } = useStores();
  return (
    <Page title={texts.title} intro={texts.intro}>
      {auth.isLoggedIn ? (
        <p className="actions">
          <Link className="button button--primary" to="/dashboard/create">
            {texts.toDashboardCreate}
          </Link>
        </p>
      ) : (
        <>
          <p>{texts.loginFirst}</p>
          <p className="actions">
            <Link className="button button--primary" to={loginRedirectPath('/dashboard/create')}>
              {STRINGS.navigation.login}
            </Link>
            <Link className="button button--secondary" to="/gratis-alert-maken">
              {texts.freeAlert}
            </Link>
          </p>
        </>
      )}
    </Page>
  );
});

export default CreateAlertScene;
