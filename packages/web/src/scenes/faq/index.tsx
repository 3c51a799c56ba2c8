import { Link } from 'react-router-dom';
import { WEB_TEXTS } from '@prijsalarm/core';
import { FaqList } from '../../components/content/FaqList';
import { Page } from '../../components/content/Page';
import { WebhookDocs } from './WebhookDocs';

const texts = WEB_TEXTS.faq;

/** /faq and /veelgestelde-vragen. */
export default function FaqScene() {
  return (
    <Page title={texts.title} intro={texts.intro}>
      <FaqList />
      <WebhookDocs />
      <aside className="callout">
        <h2>{texts.notListed}</h2>
        <Link className="button button--primary" to="/contact">
          {texts.contactUs}
        </Link>
      </aside>
    </Page>
  );
}
