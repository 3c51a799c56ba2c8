/** An alert's description (core's `describeAlert` rows) as terms; a list value as a list. */
import type { AlertDescriptionRow } from '@prijsalarm/core';

export function AlertDescriptionList({ rows }: { rows: readonly AlertDescriptionRow[] }) {
  return (
    <dl className="details">
      {rows.map(({ label, value }) => (
        <div key={label} className="details__row">
          <dt>{label}</dt>
          <dd>
            {typeof value === 'string' ? (
              value
            ) : (
              <ul className="details__list">
                {value.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
