import { observer } from 'mobx-react-lite';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { REDIRECT_QUERY, STRINGS, isApiError, safeRedirectPath } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { PageLoading } from '../../components/layout/PageLoading';
import { useOneTimeTask } from '../../hooks/useOneTimeTask';
import { useStores } from '../../stores/context';

const texts = STRINGS.web.verify;

/**
 * /verify/{token}: confirms the e-mail address, logs in and goes to the dashboard (spec §4), or
 * to the page the registration came from (`?redirect=`, e.g. Pro's checkout).
 */
const VerifyScene = observer(function VerifyScene() {
  const { auth, toasts } = useStores();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const task = useOneTimeTask(`verify:${token}`, async () => {
    const answer = await auth.verifyEmail(token);
    toasts.success(texts.done);
    return answer;
  });

  if (task.status === 'done') {
    return <Navigate to={safeRedirectPath(params.get(REDIRECT_QUERY))} replace />;
  }
  return (
    <Page title={texts.title} width="narrow">
      {task.status === 'pending' ? (
        <PageLoading label={texts.busy} />
      ) : (
        <>
          <div className="notice notice--error" role="alert">
            {isApiError(task.error) ? task.error.message : STRINGS.apiClient.unexpected}
          </div>
          <p className="actions">
            <Link className="button button--primary" to="/login">
              {STRINGS.web.login.submitLogin}
            </Link>
          </p>
        </>
      )}
    </Page>
  );
});

export default VerifyScene;
