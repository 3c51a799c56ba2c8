import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  PASSWORD_MIN_LENGTH,
  SCREEN_TEXTS,
  WEB_TEXTS,
  formatDateTime,
  planLabel,
} from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { SubscriptionPanel } from '../../components/payments/SubscriptionPanel';
import { Form } from '../../components/form/Form';
import {
  CheckboxField,
  PasswordField,
  SubmitButton,
  TextField,
} from '../../components/form/fields';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { LoadError, Loading } from '../../components/ui/LoadError';
import { Tabs, tabFromQuery } from '../../components/ui/Tabs';
import { useStores } from '../../stores/context';
import '../../styles/screens.css';
import { ACCOUNT_TAB_ITEMS, AccountStore } from './AccountStore';
import type { AccountTab } from './AccountStore';
import { SessionsStore } from './SessionsStore';
import { PanelStatus } from './PanelStatus';
import { PushDevicesPanel } from './PushDevicesPanel';
import { PushDevicesStore } from './PushDevicesStore';
import { TelegramStore } from './TelegramStore';
import { WebhooksPanel } from './WebhooksPanel';
import { WebhooksStore } from './WebhooksStore';

const page = WEB_TEXTS.myAccount;
const texts = SCREEN_TEXTS.myAccount;

const ProfilePanel = observer(function ProfilePanel({ store }: { store: AccountStore }) {
  const form = store.profile;
  return (
    <section className="card account-panel" aria-labelledby="profile-title">
      <h2 id="profile-title">{texts.profileTitle}</h2>
      <Form model={form} label={texts.profileTitle} onSubmit={() => void store.saveProfile()}>
        <TextField
          label={page.email}
          value={store.email}
          onValueChange={() => undefined}
          readOnly
          hint={texts.emailReadOnly}
          name="email"
          type="email"
        />
        <div className="form__row">
          <TextField
            label={texts.firstName}
            name="firstName"
            autoComplete="given-name"
            value={form.values.firstName}
            onValueChange={(value) => form.set('firstName', value)}
            error={form.error('firstName')}
            optional
          />
          <TextField
            label={texts.lastName}
            name="lastName"
            autoComplete="family-name"
            value={form.values.lastName}
            onValueChange={(value) => form.set('lastName', value)}
            error={form.error('lastName')}
            optional
          />
        </div>
        <TextField
          label={texts.displayName}
          name="name"
          autoComplete="nickname"
          value={form.values.name}
          onValueChange={(value) => form.set('name', value)}
          error={form.error('name')}
          optional
        />
        <SubmitButton busy={form.isSubmitting}>{SCREEN_TEXTS.common.save}</SubmitButton>
      </Form>
    </section>
  );
});

const PasswordPanel = observer(function PasswordPanel({ store }: { store: AccountStore }) {
  const form = store.password;
  return (
    <section className="card account-panel" aria-labelledby="password-title">
      <h2 id="password-title">{texts.passwordTitle}</h2>
      <p>{texts.passwordIntro}</p>
      <Form model={form} label={texts.passwordTitle} onSubmit={() => void store.changePassword()}>
        <PasswordField
          label={texts.currentPassword}
          name="currentPassword"
          autoComplete="current-password"
          value={form.values.currentPassword}
          onValueChange={(value) => form.set('currentPassword', value)}
          error={form.error('currentPassword')}
        />
        <PasswordField
          label={texts.newPassword}
          name="newPassword"
          autoComplete="new-password"
          hint={WEB_TEXTS.login.passwordHint(PASSWORD_MIN_LENGTH)}
          value={form.values.newPassword}
          onValueChange={(value) => form.set('newPassword', value)}
          error={form.error('newPassword')}
        />
        <SubmitButton busy={form.isSubmitting}>{texts.changePassword}</SubmitButton>
      </Form>
    </section>
  );
});

const NewsletterPanel = observer(function NewsletterPanel({ store }: { store: AccountStore }) {
  return (
    <section className="card account-panel" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">{texts.newsletterTitle}</h2>
      <p>{texts.newsletterIntro}</p>
      <CheckboxField
        name="newsletterOptIn"
        label={texts.newsletterOptIn}
        checked={store.newsletterOptIn}
        onCheckedChange={(checked) => void store.setNewsletter(checked)}
      />
      <p className="field__hint" role="status">
        {store.newsletterOptIn ? page.newsletterOn : page.newsletterOff}
      </p>
    </section>
  );
});

const DeletePanel = observer(function DeletePanel({ store }: { store: AccountStore }) {
  const form = store.deletion;
  return (
    <section className="card account-panel" aria-labelledby="delete-title">
      <h2 id="delete-title">{texts.deleteTitle}</h2>
      <p>{texts.deleteIntro}</p>
      <Form model={form} label={texts.deleteTitle} onSubmit={() => void store.requestDelete()}>
        <PasswordField
          label={texts.deletePassword}
          name="password"
          autoComplete="current-password"
          value={form.values.password}
          onValueChange={(value) => form.set('password', value)}
          error={form.error('password')}
        />
        <button type="submit" className="button button--danger">
          {texts.deleteButton}
        </button>
      </Form>
      <ConfirmDialog
        open={store.confirmingDelete}
        title={texts.deleteConfirmTitle}
        confirmLabel={texts.deleteConfirm}
        busy={form.isSubmitting}
        onConfirm={() => void store.confirmDelete()}
        onCancel={store.cancelDelete}
      >
        <p>{texts.deleteConfirmText}</p>
      </ConfirmDialog>
    </section>
  );
});

const TelegramPanel = observer(function TelegramPanel({ store }: { store: TelegramStore }) {
  useEffect(() => {
    void store.load();
  }, [store]);
  const form = store.codeForm;
  const status = store.status;
  return (
    <section className="card account-panel" aria-labelledby="telegram-title">
      <h2 id="telegram-title">{texts.telegramTitle}</h2>
      <p>{texts.telegramIntro}</p>
      <PanelStatus
        phase={store.phase}
        error={store.error}
        lockedMessage={store.lockedMessage}
        upgradeLabel={texts.upgrade}
        onRetry={() => void store.load()}
      />
      {store.phase === 'ready' && status?.connected && (
        <>
          <p className="notice notice--success" role="status">
            {status.username
              ? page.telegramConnected(status.username)
              : page.telegramConnectedNoName}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={store.working}
              onClick={() => void store.sendTest()}
            >
              {texts.telegramTest}
            </button>
            <button
              type="button"
              className="button button--danger-outline"
              aria-disabled={store.working}
              onClick={() => void store.disconnect()}
            >
              {texts.telegramDisconnect}
            </button>
          </div>
        </>
      )}
      {store.phase === 'ready' && status && !status.connected && (
        <>
          <p>
            <strong>{page.telegramNotConnected}</strong>
          </p>
          {status.deepLink === null && status.linkCode === null ? (
            <p className="notice notice--info">{texts.telegramUnavailable}</p>
          ) : (
            <>
              <ol className="steps-list">
                {texts.telegramSteps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
              <div className="actions">
                {status.deepLink && (
                  <a
                    className="button button--primary"
                    href={status.deepLink}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {texts.telegramConnect}
                  </a>
                )}
                <button
                  type="button"
                  className="button button--secondary"
                  aria-disabled={store.working}
                  onClick={() => void store.checkLinked()}
                >
                  {texts.telegramCheck}
                </button>
              </div>
              <hr className="divider" />
              <Form
                model={form}
                label={texts.telegramVerify}
                onSubmit={() => void store.verifyCode()}
              >
                <TextField
                  label={texts.telegramCode}
                  name="code"
                  autoComplete="one-time-code"
                  value={form.values.code}
                  onValueChange={(value) => form.set('code', value)}
                  error={form.error('code')}
                />
                <SubmitButton busy={form.isSubmitting}>{texts.telegramVerify}</SubmitButton>
              </Form>
            </>
          )}
        </>
      )}
    </section>
  );
});

const SessionsPanel = observer(function SessionsPanel({ store }: { store: SessionsStore }) {
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <section className="card account-panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{texts.sessionsTitle}</h2>
      <p>{texts.sessionsIntro}</p>
      {store.phase === 'loading' && <Loading />}
      {store.phase === 'error' && store.error && (
        <LoadError message={store.error} onRetry={() => void store.load()} />
      )}
      {store.phase === 'ready' && store.sessions.length === 0 && <p>{texts.noSessions}</p>}
      {store.sessions.length > 0 && (
        <ul className="session-list">
          {store.sessions.map((session) => {
            const device = store.device(session);
            return (
              <li key={session.id} className="session">
                <div>
                  <p className="session__device">
                    {device}{' '}
                    {session.current && (
                      <span className="badge badge--active">{texts.sessionCurrent}</span>
                    )}
                  </p>
                  <p className="session__meta">
                    {texts.sessionStarted} {formatDateTime(session.createdAt)}
                    {session.lastUsedAt && (
                      <>
                        {' · '}
                        {texts.sessionLastUsed} {formatDateTime(session.lastUsedAt)}
                      </>
                    )}
                  </p>
                </div>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={texts.endSessionFor(device)}
                  aria-disabled={store.ending === session.id}
                  onClick={() => void store.end(session)}
                >
                  {texts.endSession}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button
        type="button"
        className="button button--danger-outline"
        onClick={store.requestLogoutEverywhere}
      >
        {texts.logoutEverywhere}
      </button>
      <ConfirmDialog
        open={store.confirmingLogoutEverywhere}
        title={texts.logoutEverywhereTitle}
        confirmLabel={texts.logoutEverywhere}
        onConfirm={() => void store.logoutEverywhere()}
        onCancel={store.cancelLogoutEverywhere}
      >
        <p>{texts.logoutEverywhereText}</p>
      </ConfirmDialog>
    </section>
  );
});

/** /my-account (login required): `?tab=` picks profile, password, newsletter, … */
const MyAccountScene = observer(function MyAccountScene() {
  const root = useStores();
  const [params, setParams] = useSearchParams();
  const [account] = useState(() => new AccountStore(root));
  const [telegram] = useState(() => new TelegramStore(root));
  const [sessions] = useState(() => new SessionsStore(root));
  const [webhooks] = useState(() => new WebhooksStore(root));
  const [pushDevices] = useState(() => new PushDevicesStore(root));
  const tab = tabFromQuery<AccountTab>(params.get('tab'), ACCOUNT_TAB_ITEMS, 'profile');
  const user = root.auth.user;
  if (!user) return null;

  return (
    <Page
      title={page.title}
      intro={`${user.email} · ${page.plan}: ${planLabel(user.plan)}`}
      width="wide"
    >
      <Tabs
        label={page.tabsLabel}
        tabs={ACCOUNT_TAB_ITEMS}
        selected={tab}
        idPrefix="account"
        onSelect={(id) => setParams({ tab: id }, { replace: true })}
      >
        {tab === 'profile' && <ProfilePanel store={account} />}
        {tab === 'password' && <PasswordPanel store={account} />}
        {tab === 'newsletter' && <NewsletterPanel store={account} />}
        {tab === 'integrations' && (
          <>
            <PushDevicesPanel store={pushDevices} />
            {/* Only a server with a Telegram bot offers it. */}
            {root.capabilities.current.channels.telegram && <TelegramPanel store={telegram} />}
            <WebhooksPanel store={webhooks} />
          </>
        )}
        {tab === 'sessions' && <SessionsPanel store={sessions} />}
        {tab === 'subscription' && <SubscriptionPanel />}
        {tab === 'deleteAccount' && <DeletePanel store={account} />}
      </Tabs>
    </Page>
  );
});

export default MyAccountScene;
