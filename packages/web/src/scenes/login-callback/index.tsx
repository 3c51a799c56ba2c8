import { observer } from 'mobx-react-lite';
import { Link, Navigate, useParams } from 'react-router-dom';
import { AFTER_LOGIN_PATH, STRINGS, isApiError } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { PageLoading } from '../../components/layout/PageLoading';
import { useOneTimeTask } from '../../hooks/useOneTimeTask';
import { useStores } from '../../stores/context';

const texts = STRINGS.web.loginCallback;

/** /login/callback/{token}: the one-time login link from an e-mail (GET /auth/login-link/{token}). */
const LoginCallbackScene = observer(function LoginCallbackScene() {
  const { auth, toasts } = useStores();
  const { token = '' } = useParams();
  const task = useOneTimeTask(`login-link:${token}`, async () => {
    const answer = await auth.loginWithLink(token);
    toasts.success(STRINGS.web.login.loggedIn);
    return answer;
  });

  if (task.status === 'done') return <Navigate to={AFTER_LOGIN_PATH} replace />;
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
              {texts.toLogin}
            </Link>
          </p>
        </>
      )}
    </Page>
  );
});

export default LoginCallbackScene;
