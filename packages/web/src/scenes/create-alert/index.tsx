import { observer } from 'mobx-react-lite';
import { Suspense, lazy } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { APP_TEXTS, WEB_TEXTS, loginRedirectPath } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { PageLoading } from '../../components/layout/PageLoading';
import { PlatformCards } from '../../components/alert-form/PlatformCards';
import { platformOptions } from '../../components/alert-form/AlertEditor';
import { useStores } from '../../stores/context';
import '../../components/alert-form/alert-form.css';

const texts = WEB_TEXTS.createAlert;

// Guests get the guest form, signed-in users the wizard: each loads only what it shows.
const AlertWizard = lazy(() => import('../../components/alert-form/AlertWizard'));
const GuestAlertForm = lazy(() => import('../../components/alert-form/GuestAlertForm'));

/** What a guest sees: Marktplaats chosen, 2dehands locked (with a login link), and the guest form. */
const GuestCreate = observer(function GuestCreate() {
  const { capabilities } = useStores();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <>
      <PlatformCards
        options={platformOptions(capabilities.current, 'marktplaats', here)}
        onSelect={() => undefined}
      />
      <div className="create-alert__form">
        <GuestAlertForm />
      </div>
      <p className="create-alert__login">
        {texts.loginFirst} <Link to={loginRedirectPath(here)}>{APP_TEXTS.navigation.login}</Link>
      </p>
    </>
  );
});

/**
 * /prijsalarm-maken (and /create-alert): guests get the guest form with the platform cards,
 * signed-in users the wizard.
 */
const CreateAlertScene = observer(function CreateAlertScene() {
  const { auth } = useStores();
  return (
    <Page title={texts.title} intro={texts.intro}>
      {auth.phase === 'unknown' ? (
        <PageLoading />
      ) : (
        <Suspense fallback={<PageLoading />}>
          {auth.isLoggedIn ? <AlertWizard context="page" /> : <GuestCreate />}
        </Suspense>
      )}
    </Page>
  );
});

export default CreateAlertScene;
