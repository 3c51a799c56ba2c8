import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { PRICING_PATH, STRINGS } from '@prijsalarm/core';
import { FaqList } from '../../components/content/FaqList';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useStores } from '../../stores/context';

const texts = STRINGS.web.home;

/** / : hero, how it works and the FAQ. The alert form, features and pricing table come next. */
const HomeScene = observer(function HomeScene() {
  const { navigation } = useStores();
  usePageTitle(STRINGS.product.tagline);
  return (
    <div className="home">
      <section className="hero">
        <div className="hero__inner">
          <p className="hero__eyebrow">{STRINGS.product.tagline}</p>
          <h1 className="hero__title">{texts.title}</h1>
          <p className="hero__intro">{texts.intro}</p>
          <div className="actions">
            <Link className="button button--primary button--large" to="/prijsalarm-maken">
              {texts.createAlert}
            </Link>
            {navigation.showPricing && (
              <Link className="button button--secondary button--large" to={PRICING_PATH}>
                {texts.viewPricing}
              </Link>
            )}
          </div>
        </div>
      </section>
      <section className="page page--wide" aria-labelledby="how-it-works">
        <h2 id="how-it-works">{texts.howItWorks}</h2>
        <ol className="steps">
          {texts.steps.map((step) => (
            <li key={step} className="steps__item">
              {step}
            </li>
          ))}
        </ol>
      </section>
      <section className="page page--text" aria-labelledby="home-faq">
        <h2 id="home-faq">{STRINGS.web.faq.title}</h2>
        <FaqList />
      </section>
    </div>
  );
});

export default HomeScene;
