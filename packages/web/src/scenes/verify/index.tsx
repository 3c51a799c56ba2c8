import { observer } from 'mobx-react-lite';
import { useParams, useSearchParams } from 'react-router-dom';
import { REDIRECT_QUERY, WEB_TEXTS, safeRedirectPath } from '@prijsalarm/core';
import { OneTimeLinkPage } from '../../components/auth/OneTimeLinkPage';
import { useStores } from '../../stores/context';

const texts = { ...WEB_TEXTS.verify, toLogin: WEB_TEXTS.login.submitLogin };

/**
 * /verify/{token}: confirms the e-mail address, logs in and goes to the dashboard, or to the page
 * the registration came from (`?redirect=`, e.g. Pro's checkout).
 */
const VerifyScene = observer(function VerifyScene() {
  const { auth } = useStores();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <OneTimeLinkPage
      taskKey={`verify:${token}`}
      run={() => auth.verifyEmail(token)}
      to={safeRedirectPath(params.get(REDIRECT_QUERY))}
      texts={texts}
    />
  );
});

export default VerifyScene;
