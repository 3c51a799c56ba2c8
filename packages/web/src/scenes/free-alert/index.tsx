import { observer } from 'mobx-react-lite';
import { STRINGS, formatAlertCount } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { useStores } from '../../stores/context';

const texts = STRINGS.web.freeAlert;

/** /gratis-alert-maken: the guest's free alert. The form comes next. */
const FreeAlertScene = observer(function FreeAlertScene() {
  const { settings } = useStores();
  return (
    <Page
      title={texts.title}
      intro={texts.intro(formatAlertCount(settings.current.alertLimits.FREE))}
    />
  );
});

export default FreeAlertScene;
