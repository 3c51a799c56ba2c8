import { observer } from 'mobx-react-lite';
import { Link, useSearchParams } from 'react-router-dom';
import { API_CLIENT_TEXTS, NEWSLETTER_TEXTS, WEB_TEXTS, isApiError } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { PageLoading } from '../../components/layout/PageLoading';
import { useOneTimeTask } from '../../hooks/useOneTimeTask';
import { useStores } from '../../stores/context';

const texts = WEB_TEXTS.unsubscribe;

function Result({ token }: { token: string }) {
  const { auth } = useStores();
  const task = useOneTimeTask(`unsubscribe:${token}`, () => auth.unsubscribeNewsletter(token));
  if (task.status === 'pending') return <PageLoading label={texts.busy} />;
  if (task.status === 'failed') {
    return (
      <div className="notice notice--error" role="alert">
        {isApiError(task.error) ? task.error.message : API_CLIENT_TEXTS.unexpected}
      </div>
    );
  }
  return (
    <div className="notice notice--success" role="status">
      <p>{task.value.message}</p>
      <p className="notice__detail">{texts.doneFor(task.value.email)}</p>
    </div>
  );
}

/** /uitschrijven?token=…: the newsletter's unsubscribe link. */
const UnsubscribeScene = observer(function UnsubscribeScene() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <Page title={texts.title} width="narrow">
      {token ? (
        <Result token={token} />
      ) : (
        <div className="notice notice--error" role="alert">
          {NEWSLETTER_TEXTS.invalidLink}
        </div>
      )}
      <p className="actions">
        <Link className="button button--secondary" to="/">
          {texts.toHome}
        </Link>
        <Link className="button button--secondary" to="/my-account">
          {texts.toAccount}
        </Link>
      </p>
    </Page>
  );
});

export default UnsubscribeScene;
