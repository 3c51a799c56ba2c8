import { PAYMENT_METHODS, PAYMENT_TEXTS } from '@prijsalarm/core';

const texts = PAYMENT_TEXTS.pricing;

/**
 * A payment method's mark: a plain card with its name as text, drawn here (no brand artwork), so
 * it reads as the method's name to a screen reader and at any zoom.
 */
function MethodMark({ name }: { name: string }) {
  return (
    <svg
      className="payment-method"
      role="img"
      aria-label={name}
      width="64"
      height="32"
      viewBox="0 0 64 32"
    >
      <rect
        x="1"
        y="1"
        width="62"
        height="30"
        rx="6"
        fill="#fff"
        stroke="#cc0066"
        strokeWidth="2"
      />
      <text
        x="32"
        y="21"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="14"
        fontWeight="700"
        fill="#cc0066"
      >
        {name}
      </text>
    </svg>
  );
}

/** 'Je betaalt veilig via Mollie met [iDEAL]': the methods core names, each as its mark. */
export function PaymentMethods() {
  return (
    <div className="payment-methods">
      <span>{texts.payWith}</span>
      <ul className="payment-methods__list" aria-label={texts.methodsLabel}>
        {PAYMENT_METHODS.map((method) => (
          <li key={method.id}>
            <MethodMark name={method.name} />
          </li>
        ))}
      </ul>
    </div>
  );
}
