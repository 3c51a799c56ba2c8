import { useEffect } from 'react';
import { STRINGS } from '@prijsalarm/core';

/** Sets the document title ('Inloggen | Prijsalarm'), so tabs and screen readers name the page. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${STRINGS.product.name}` : STRINGS.product.name;
  }, [title]);
}
