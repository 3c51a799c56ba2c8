import { WEBHOOK_DOCS } from '@prijsalarm/core';
import './webhook-docs.css';

/** /faq#webhooks: the body and the signature check. */
export function WebhookDocs() {
  return (
    <section id={WEBHOOK_DOCS.anchor} aria-labelledby="webhook-docs-title" className="prose">
      <h2 id="webhook-docs-title">{WEBHOOK_DOCS.heading}</h2>
      <p>{WEBHOOK_DOCS.intro}</p>
      <h3>{WEBHOOK_DOCS.bodyHeading}</h3>
      <p>{WEBHOOK_DOCS.bodyText}</p>
      <pre tabIndex={0} aria-label={WEBHOOK_DOCS.bodyHeading}>
        <code>{WEBHOOK_DOCS.exampleBody}</code>
      </pre>
      <h3>{WEBHOOK_DOCS.signatureHeading}</h3>
      <p>{WEBHOOK_DOCS.signatureText}</p>
      <pre tabIndex={0} aria-label={WEBHOOK_DOCS.signatureHeading}>
        <code>{WEBHOOK_DOCS.exampleCode}</code>
      </pre>
      <h3>{WEBHOOK_DOCS.retriesHeading}</h3>
      <p>{WEBHOOK_DOCS.retriesText}</p>
    </section>
  );
}
