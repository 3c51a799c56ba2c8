import { observer } from 'mobx-react-lite';
import { useParams } from 'react-router-dom';
import { AFTER_LOGIN_PATH, WEB_TEXTS } from '@prijsalarm/core';
import { OneTimeLinkPage } from '../../components/auth/OneTimeLinkPage';
import { useStores } from '../../stores/context';

const texts = { ...WEB_TEXTS.loginCallback, done: WEB_TEXTS.login.loggedIn };

/** /login/callback/{token}: the one-time login link from an e-mail (GET /auth/login-link/{token}). */
const LoginCallbackScene = observer(function LoginCallbackScene() {
  const { auth } = useStores();
  const { token = '' } = useParams();
  return (
    <OneTimeLinkPage
      taskKey={`login-link:${token}`}
      run={() => auth.loginWithLink(token)}
      to={AFTER_LOGIN_PATH}
      texts={texts}
    />
  );
});

export default LoginCallbackScene;
