import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { WEB_TEXTS } from '@prijsalarm/core';
import { useStores } from '../../stores/context';
import { HydrateLater } from '../ui/HydrateLater';

const texts = WEB_TEXTS.cookieBanner;

/** The cookie consent banner: until a choice is made, except on the listed paths. */
export const CookieBanner = observer(function CookieBanner({ path }: { path: string }) {
  const { ui } = useStores();
  if (!ui.cookieBannerVisible(path)) return null;
  // Over the prerendered home page it is taken over in a task of its own: short tasks keep a
  // phone's page responsive.
  return (
    <HydrateLater>
      <section className="cookie-banner" aria-label={texts.label}>
        <div className="cookie-banner__inner">
          <p>
            {texts.text} <Link to="/privacy">{texts.readMore}</Link>
          </p>
          <div className="cookie-banner__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => ui.setCookieConsent('necessary')}
            >
              {texts.necessaryOnly}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => ui.setCookieConsent('all')}
            >
              {texts.accept}
            </button>
          </div>
        </div>
      </section>
    </HydrateLater>
  );
});
