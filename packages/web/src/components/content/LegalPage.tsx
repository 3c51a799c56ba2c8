import { WEB_TEXTS } from '@prijsalarm/core';
import type { LegalDocument } from '@prijsalarm/core';
import { Page } from './Page';

/** Terms or privacy statement: a table of contents, then the sections. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <Page title={document.title} intro={document.intro}>
      <nav className="legal__contents" aria-labelledby="legal-contents">
        <h2 id="legal-contents">{WEB_TEXTS.legal.contents}</h2>
        <ol>
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section) => (
        <section key={section.id} id={section.id} className="legal__section">
          <h2>{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </Page>
  );
}
