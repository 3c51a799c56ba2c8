import { WEB_TEXTS } from '@prijsalarm/core';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop of the Tab key: jumps past the navigation to the page's content. */
export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
      {WEB_TEXTS.shell.skipToContent}
    </a>
  );
}
