import type { ReactNode } from 'react';
import { Page } from './Page';

/** Not found, forbidden: a title, one sentence and the ways on. */
export function ErrorPage({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Page title={title} intro={text} width="narrow">
      <div className="actions">{children}</div>
    </Page>
  );
}
