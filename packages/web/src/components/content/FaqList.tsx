import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { FAQ_ITEMS, WEB_TEXTS, splitFaq } from '@prijsalarm/core';
import type { FaqItem } from '@prijsalarm/core';
import { useStores } from '../../stores/context';

const texts = WEB_TEXTS.faq;

function FaqEntry({ item }: { item: FaqItem }) {
  const { settings } = useStores();
  return (
    <details className="faq__item">
      <summary className="faq__question">{item.question}</summary>
      <div className="faq__answer">
        {item.answer(settings.current).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </details>
  );
}

/**
 * The FAQ: the first part (setting seo.maxFaqItems, 6 by default) is shown, the rest
 * is expanded with a button.
 */
export const FaqList = observer(function FaqList() {
  const { settings } = useStores();
  const [expanded, setExpanded] = useState(false);
  const restId = useId();
  const { first, rest } = splitFaq(FAQ_ITEMS, settings.current.seo.maxFaqItems);
  return (
    <div className="faq">
      {first.map((item) => (
        <FaqEntry key={item.id} item={item} />
      ))}
      {rest.length > 0 && (
        <>
          <div id={restId} hidden={!expanded}>
            {rest.map((item) => (
              <FaqEntry key={item.id} item={item} />
            ))}
          </div>
          <button
            type="button"
            className="button button--secondary faq__toggle"
            aria-expanded={expanded}
            aria-controls={restId}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? texts.showLess : texts.showMore}
          </button>
        </>
      )}
    </div>
  );
});
