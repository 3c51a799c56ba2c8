import { APP_TEXTS } from '@prijsalarm/core';

/** The word mark with a price-tag bell; decorative, the link around it carries the name. */
export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M16 7.5c-3.6 0-6 2.7-6 6.2v4.1l-1.8 2.9c-.3.6.1 1.3.8 1.3h14c.7 0 1.1-.7.8-1.3L22 17.8v-4.1c0-3.5-2.4-6.2-6-6.2Zm-2.4 16.4a2.5 2.5 0 0 0 4.8 0h-4.8Z"
          fill="#fff"
        />
      </svg>
      <span className="logo__text">{APP_TEXTS.product.name}</span>
    </span>
  );
}
