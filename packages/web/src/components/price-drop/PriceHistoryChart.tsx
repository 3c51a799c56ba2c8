import { PRICE_DROP_TEXTS, formatDate, formatEuroCents, type PricePoint } from '@prijsalarm/core';
import './price-drop.css';

const texts = PRICE_DROP_TEXTS.history;
const WIDTH = 320;
const HEIGHT = 120;
const PAD = 8;

/**
 * A listing's price history (issue 13 §1): a small hand-drawn step line (each price holds until
 * the next observation) and the same points as a table, which is what screen readers read — the
 * drawing is decoration. Loaded lazily with the notification centre's history disclosure.
 */
export default function PriceHistoryChart({
  title,
  points,
}: {
  title: string;
  points: readonly PricePoint[];
}) {
  if (points.length === 0) return <p className="price-history__empty">{texts.empty}</p>;
  const amounts = points.flatMap((point) => (point.priceCents === null ? [] : [point.priceCents]));
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  const x = (index: number) =>
    points.length === 1 ? WIDTH / 2 : PAD + (index * (WIDTH - 2 * PAD)) / (points.length - 1);
  const y = (cents: number) =>
    high === low ? HEIGHT / 2 : PAD + ((high - cents) * (HEIGHT - 2 * PAD)) / (high - low);
  let path = '';
  let previous: number | null = null;
  points.forEach((point, index) => {
    if (point.priceCents === null) return;
    const px = x(index).toFixed(1);
    const py = y(point.priceCents).toFixed(1);
    path += previous === null ? `M${px},${py}` : `H${px}V${py}`;
    previous = point.priceCents;
  });
  return (
    <figure className="price-history">
      <svg
        className="price-history__chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        aria-hidden="true"
        focusable="false"
      >
        <path d={path} className="price-history__line" />
        {points.map((point, index) =>
          point.priceCents === null ? null : (
            <circle
              key={point.at}
              cx={x(index)}
              cy={y(point.priceCents)}
              r={3}
              className="price-history__dot"
            />
          ),
        )}
      </svg>
      <table className="price-history__table">
        <caption>{texts.chartLabel(title)}</caption>
        <thead>
          <tr>
            <th scope="col">{texts.date}</th>
            <th scope="col">{texts.price}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.at}>
              <td>
                <time dateTime={point.at}>{formatDate(point.at)}</time>
              </td>
              <td>
                {point.priceCents === null ? texts.noAmount : formatEuroCents(point.priceCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
