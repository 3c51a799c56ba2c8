import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { APP_TEXTS, COMPANY, COMPANY_ADDRESS, PRICING_PATH, WEB_TEXTS } from '@prijsalarm/core';
import { useStores } from '../../stores/context';
import { Logo } from './Logo';

const texts = APP_TEXTS.footer;
const web = WEB_TEXTS.footer;

/** The footer (the layout hides it on the paths core's `showFooter` names). */
export const Footer = observer(function Footer() {
  const { navigation, now } = useStores();
  const year = new Date(now()).getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p>{APP_TEXTS.product.tagline}</p>
        </div>
        <nav className="site-footer__column" aria-labelledby="footer-navigation">
          <h2 id="footer-navigation">{web.navigation}</h2>
          <ul>
            <li>
              <Link to="/">{APP_TEXTS.navigation.home}</Link>
            </li>
            {navigation.showPricing && (
              <li>
                <Link to={PRICING_PATH}>{APP_TEXTS.navigation.pricing}</Link>
              </li>
            )}
            <li>
              <Link to="/dashboard">{APP_TEXTS.navigation.dashboard}</Link>
            </li>
          </ul>
        </nav>
        <nav className="site-footer__column" aria-labelledby="footer-support">
          <h2 id="footer-support">{texts.support}</h2>
          <ul>
            <li>
              <Link to="/faq">{texts.faq}</Link>
            </li>
            <li>
              <Link to="/contact">{texts.contact}</Link>
            </li>
            <li>
              <Link to="/privacy">{texts.privacy}</Link>
            </li>
            <li>
              <Link to="/terms">{texts.terms}</Link>
            </li>
          </ul>
        </nav>
        <div className="site-footer__column">
          <h2>{web.contactHeading}</h2>
          <ul>
            <li>
              <a href={`mailto:${COMPANY.contactEmail}`}>{COMPANY.contactEmail}</a>
            </li>
            <li>{COMPANY.legalName}</li>
            <li>{COMPANY_ADDRESS}</li>
            <li>{web.chamberOfCommerce(COMPANY.chamberOfCommerceNumber)}</li>
            <li>{web.vatNumber(COMPANY.vatNumber)}</li>
          </ul>
        </div>
      </div>
      <p className="site-footer__copyright">{texts.copyright(year)}</p>
    </footer>
  );
});
