import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router-dom';
import { PAYMENT_TEXTS, VAT_RATE, WEB_TEXTS } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { PlanCards } from '../../components/content/PlanCards';
import { PageLoading } from '../../components/layout/PageLoading';
import { ExtraAlertsOffer } from '../../components/payments/ExtraAlertsOffer';
import { PaymentMethods } from '../../components/payments/PaymentMethods';
import { ProCheckout } from '../../components/payments/ProCheckout';
import { useStores } from '../../stores/context';
import NotFoundScene from '../not-found';

const texts = WEB_TEXTS.pricing;

/**
 * /pricing: the plans, only while the pricing tool is visible; otherwise not found.
 * `?checkout=pro` (where a guest who picked Pro comes back to) puts Pro's checkout on top.
 */
const PricingScene = observer(function PricingScene() {
  const { settings, auth } = useStores();
  const [params] = useSearchParams();
  if (!settings.isLoaded) return <PageLoading />;
  if (!settings.isPricingToolVisible) return <NotFoundScene />;
  return (
    <Page title={texts.title} intro={texts.intro} width="wide">
      {params.get('checkout') === 'pro' && auth.isLoggedIn && <ProCheckout />}
      <PlanCards headingLevel="h2" />
      <div className="pricing-trust">
        <p>{PAYMENT_TEXTS.pricing.vatNote(Math.round(VAT_RATE * 100))}</p>
        <PaymentMethods />
      </div>
      <ExtraAlertsOffer />
    </Page>
  );
});

export default PricingScene;
