import { COMPANY, PAYMENT_TEXTS, WEB_TEXTS } from '@prijsalarm/core';

const footer = WEB_TEXTS.footer;

/** Who sells: name, address, KvK and btw-nummer, as a receipt must name them (core's COMPANY). */
export function SellerDetails() {
  return (
    <div className="seller">
      <p className="seller__title">{PAYMENT_TEXTS.receipt.seller}</p>
      <address>
        <strong>{COMPANY.legalName}</strong>
        <span>{COMPANY.streetAddress}</span>
        <span>
          {COMPANY.postalCode} {COMPANY.city}
        </span>
        <span>{footer.chamberOfCommerce(COMPANY.chamberOfCommerceNumber)}</span>
        <span>{footer.vatNumber(COMPANY.vatNumber)}</span>
        <span>{COMPANY.contactEmail}</span>
      </address>
    </div>
  );
}
