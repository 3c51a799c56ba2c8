import { TERMS } from '@prijsalarm/core';
import { LegalPage } from '../../components/content/LegalPage';

/** /terms and /algemene-voorwaarden. */
export default function TermsScene() {
  return <LegalPage document={TERMS} />;
}
