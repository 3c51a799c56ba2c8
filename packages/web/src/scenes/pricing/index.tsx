import { observer } from 'mobx-react-lite';
import { STRINGS } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { PlanCards } from '../../components/content/PlanCards';
import { PageLoading } from '../../components/layout/PageLoading';
import { useStores } from '../../stores/context';
import NotFoundScene from '../not-found';

const texts = STRINGS.web.pricing;

/** /pricing: the plans, only while the pricing tool is visible (spec §2); otherwise not found. */
const PricingScene = observer(function PricingScene() {
  const { settings } = useStores();
  if (!settings.isLoaded) return <PageLoading />;
  if (!settings.isPricingToolVisible) return <NotFoundScene />;
  return (
    <Page title={texts.title} intro={texts.intro} width="wide">
      <PlanCards headingLevel="h2" />
    </Page>
  );
});

export default PricingScene;
