import { observer } from 'mobx-react-lite';
import { Link, useSearchParams } from 'react-router-dom';
import { STRINGS, planLabel } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { ProSubscription } from '../../components/content/ProSubscription';
import { useStores } from '../../stores/context';

const texts = STRINGS.web.myAccount;

export const ACCOUNT_TABS = ['profile', 'integrations', 'subscription'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

function tabFrom(value: string | null): AccountTab {
  return (ACCOUNT_TABS as readonly string[]).includes(value ?? '')
    ? (value as AccountTab)
    : 'profile';
}

const dateFormat = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long' });

/** /my-account (login required), `?tab=` profile, integrations or subscription. */
const MyAccountScene = observer(function MyAccountScene() {
  const { auth } = useStores();
  const [params] = useSearchParams();
  const tab = tabFrom(params.get('tab'));
  const user = auth.user;
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.name;

  return (
    <Page title={texts.title} width="wide">
      <nav className="tabs" aria-label={texts.tabsLabel}>
        {ACCOUNT_TABS.map((id) => (
          <Link
            key={id}
            to={`/my-account?tab=${id}`}
            className={id === tab ? 'tabs__tab is-active' : 'tabs__tab'}
            aria-current={id === tab ? 'page' : undefined}
          >
            {texts.tabs[id]}
          </Link>
        ))}
      </nav>
      {tab === 'profile' && (
        <section className="card" aria-label={texts.tabs.profile}>
          <dl className="details">
            <dt>{texts.email}</dt>
            <dd>{user.email}</dd>
            <dt>{texts.name}</dt>
            <dd>{name || texts.notSet}</dd>
            <dt>{texts.plan}</dt>
            <dd>{planLabel(user.plan)}</dd>
            <dt>{texts.memberSince}</dt>
            <dd>{dateFormat.format(new Date(user.createdAt))}</dd>
            <dt>{texts.newsletter}</dt>
            <dd>{user.newsletterOptIn ? texts.newsletterOn : texts.newsletterOff}</dd>
          </dl>
        </section>
      )}
      {tab === 'integrations' && (
        <section className="card" aria-label={texts.tabs.integrations}>
          <dl className="details">
            <dt>{texts.telegram}</dt>
            <dd>
              {user.telegram.connected
                ? user.telegram.username
                  ? texts.telegramConnected(user.telegram.username)
                  : texts.telegramConnectedNoName
                : texts.telegramNotConnected}
            </dd>
          </dl>
        </section>
      )}
      {tab === 'subscription' && <ProSubscription />}
    </Page>
  );
});

export default MyAccountScene;
