import { observer } from 'mobx-react-lite';
import { useParams } from 'react-router-dom';
import { AFTER_LOGIN_PATH, STRINGS } from '@prijsalarm/core';
import { OneTimeLinkPage } from '../../components/auth/OneTimeLinkPage';
import { useStores } from '../../stores/context';

const texts = { ...STRINGS.web.loginCallback, done: STRINGS.web.login.loggedIn };

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
