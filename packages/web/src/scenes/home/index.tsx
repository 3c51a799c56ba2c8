import { observer } from 'mobx-react-lite';
import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { APP_TEXTS, WEB_TEXTS } from '@prijsalarm/core';
import { PageLoading } from '../../components/layout/PageLoading';
import { ClientOnly } from '../../components/ui/ClientOnly';
import { HydrateLater } from '../../components/ui/HydrateLater';
import { Icon, type IconName } from '../../components/ui/Icon';
import { WhenVisible } from '../../components/ui/WhenVisible';
import { usePageTitle } from '../../hooks/usePageTitle';
import { nextTask } from '../../platform/nextTask';
import { useStores } from '../../stores/context';
import { AlertPreview, LiveFigure, Marketplaces } from './HeroVisuals';
import './home.css';

const texts = WEB_TEXTS.home;

// What is not needed for the first paint loads on its own (the home page's JS budget): the form's
// logic; the carousel, the pricing table and the FAQ only once scrolled near (WhenVisible).
// Its code is evaluated in one task and the form drawn in the next. A guest's first load has its
// files asked for already (public/start-after-paint.js).
const GuestAlertForm = lazy(() =>
  import('../../components/alert-form/GuestAlertForm').then(nextTask),
);
const HowItWorksCarousel = lazy(() => import('./HowItWorksCarousel'));
const PlanCards = lazy(() => import('../../components/content/PlanCards'));
const FaqList = lazy(() =>
  import('../../components/content/FaqList').then((module) => ({ default: module.FaqList })),
);

/** One icon per feature, in the order of core's texts.features. */
const FEATURE_ICONS: readonly IconName[] = ['zap', 'pin', 'send', 'check'];

const formLoading = (
  <div className="card alert-card alert-card--loading">
    <PageLoading label={WEB_TEXTS.shell.pageLoading} />
  </div>
);

/** The id the call to action jumps to. */
const FORM_ID = 'gratis-alert';

/** A section of the page; taken over in a task of its own when the page was prerendered. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <HydrateLater>
      <section className={`home__section home__section--${id}`} aria-labelledby={`home-${id}`}>
        <div className="home__inner">
          <h2 id={`home-${id}`} className="home__heading">
            {title}
          </h2>
          {children}
        </div>
      </section>
    </HydrateLater>
  );
}

/** A signed-in user makes alerts with the wizard, not the guest form. */
function LoggedInCard() {
  return (
    <div className="card alert-card">
      <h2 className="alert-card__title">{texts.loggedInTitle}</h2>
      <p className="alert-card__intro">{texts.loggedInText}</p>
      <div className="actions">
        <Link className="button button--primary button--large" to="/dashboard/create">
          {WEB_TEXTS.dashboard.newAlert}
        </Link>
        <Link className="button button--secondary button--large" to="/dashboard">
          {APP_TEXTS.navigation.dashboard}
        </Link>
      </div>
    </div>
  );
}

/**
 * The pricing table, only while the pricing tool is visible. Its own observer: the settings
 * answer (which shows it) then redraws this section, not the whole page.
 */
const PricingSection = observer(function PricingSection() {
  const { settings } = useStores();
  if (!settings.isPricingToolVisible) return null;
  return (
    <Section id="pricing" title={texts.pricingTitle}>
      <WhenVisible minHeight="30rem">
        <Suspense fallback={<PageLoading />}>
          <PlanCards headingLevel="h3" />
        </Suspense>
      </WhenVisible>
    </Section>
  );
});

/**
 * /: hero with the tagline, the marketplaces, the live figure, the guest alert form and
 * an example alert (mail and Telegram), features, the how-it-works
 * carousel, the pricing table (only while the pricing tool is visible), the FAQ and a call to action.
 */
const HomeScene = observer(function HomeScene() {
  const { auth } = useStores();
  usePageTitle(APP_TEXTS.product.tagline);
  const loggedIn = auth.isLoggedIn;
  // The last feature is about trying without an account: a signed-in user has one.
  const features = loggedIn
    ? [...texts.features.slice(0, -1), texts.featureLoggedIn]
    : texts.features;
  return (
    <div className="home">
      <HydrateLater>
        <section className="hero" aria-labelledby="home-title">
          <div className="hero__inner hero__inner--split">
            <div className="hero__text">
              <p className="hero__eyebrow">{texts.title}</p>
              <h1 className="hero__title" id="home-title">
                {APP_TEXTS.product.tagline}
              </h1>
              <p className="hero__intro">{texts.intro}</p>
              <Marketplaces />
              <LiveFigure />
            </div>
            <div className="hero__form" id={FORM_ID}>
              {loggedIn ? (
                <LoggedInCard />
              ) : (
                // The prerendered page and the first render show the placeholder; the form's
                // code is asked for once the page is in the browser.
                <ClientOnly fallback={formLoading}>
                  <Suspense fallback={formLoading}>
                    <GuestAlertForm />
                  </Suspense>
                </ClientOnly>
              )}
            </div>
            <div className="hero__preview">
              <AlertPreview />
            </div>
          </div>
        </section>
      </HydrateLater>

      <Section id="features" title={texts.featuresTitle}>
        <ul className="features">
          {features.map((feature, index) => (
            <li key={feature.title} className="features__item">
              <span className="features__icon">
                <Icon name={FEATURE_ICONS[index] ?? 'check'} />
              </span>
              <h3 className="features__title">{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how-it-works" title={texts.howItWorks}>
        <WhenVisible minHeight="22rem">
          <Suspense fallback={<div className="carousel carousel--loading" />}>
            <HowItWorksCarousel />
          </Suspense>
        </WhenVisible>
      </Section>

      <PricingSection />

      <Section id="faq" title={WEB_TEXTS.faq.title}>
        <div className="home__faq">
          <WhenVisible minHeight="24rem">
            <Suspense fallback={<PageLoading />}>
              <FaqList />
            </Suspense>
          </WhenVisible>
        </div>
      </Section>

      <HydrateLater>
        <section className="home__cta" aria-labelledby="home-cta">
          <div className="home__inner">
            <h2 id="home-cta">{texts.ctaTitle}</h2>
            <p>{loggedIn ? texts.ctaTextLoggedIn : texts.ctaText}</p>
            <div className="actions actions--center">
              {loggedIn ? (
                <Link className="button button--primary button--large" to="/dashboard/create">
                  {WEB_TEXTS.dashboard.newAlert}
                </Link>
              ) : (
                <>
                  <a className="button button--primary button--large" href={`#${FORM_ID}`}>
                    {texts.ctaButton}
                  </a>
                  <Link className="button button--secondary button--large" to="/register">
                    {texts.ctaRegister}
                  </Link>
                </>
              )}
            </div>
          </div>
        </section>
      </HydrateLater>
    </div>
  );
});

export default HomeScene;
