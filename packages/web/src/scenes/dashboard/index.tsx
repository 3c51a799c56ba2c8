import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { STRINGS, planLabel } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { useStores } from '../../stores/context';

const texts = STRINGS.web.dashboard;

/** /dashboard (login required): the user's overview. Alert lists and statistics come next. */
const DashboardScene = observer(function DashboardScene() {
  const { auth } = useStores();
  const user = auth.user;
  if (!user) return null;
  return (
    <Page
      title={texts.title}
      intro={texts.welcome(user.firstName ?? user.name ?? user.email)}
      width="wide"
    >
      <dl className="stats">
        <div className="stats__item">
          <dt>{texts.plan}</dt>
          <dd>{planLabel(user.plan)}</dd>
        </div>
        <div className="stats__item">
          <dt>{texts.alerts}</dt>
          <dd>{user._count.alerts}</dd>
        </div>
        <div className="stats__item">
          <dt>{texts.notifications}</dt>
          <dd>{user._count.notifications}</dd>
        </div>
      </dl>
      <p className="actions">
        <Link className="button button--primary" to="/dashboard/create">
          {texts.newAlert}
        </Link>
        <Link className="button button--secondary" to="/notifications">
          {texts.viewNotifications}
        </Link>
      </p>
    </Page>
  );
});

export default DashboardScene;
