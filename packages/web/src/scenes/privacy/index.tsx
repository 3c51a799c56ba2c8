import { PRIVACY } from '@prijsalarm/core';
import { LegalPage } from '../../components/content/LegalPage';

/** /privacy and /privacyverklaring. */
export default function PrivacyScene() {
  return <LegalPage document={PRIVACY} />;
}
