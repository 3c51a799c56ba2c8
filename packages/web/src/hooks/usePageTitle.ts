import { useEffect } from 'react';
import { APP_TEXTS } from '@prijsalarm/core';

/** Sets the document title ('Inloggen | Prijsalarm'), so tabs and screen readers name the page. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_TEXTS.product.name}` : APP_TEXTS.product.name;
  }, [title]);
}
