import { useState } from 'react';
import type { PointerEvent } from 'react';
import {
  PRICE_DROP_TEXTS,
  formatDate,
  formatDayShort,
  formatEuroCents,
  type PricePoint,
} from '@prijsalarm/core';
import './price-drop.css';

const texts = PRICE_DROP_TEXTS.history;
const WIDTH = 320;
const HEIGHT = 120;
const PAD = 8;

/**
 * A listing's price history: a small hand-drawn step line (each price holds until
 * the next observation) with its price axis (highest and lowest price), the first and last dates
 * under it and a tooltip under the pointer; the same points as a table, which is what screen
 * readers read — the drawing is decoration. Loaded lazily with the notification centre's history
 * disclosure.
 */
export default function PriceHistoryChart({
  title,
  points,
}: {
  title: string;
  points: readonly PricePoint[];
}) {
  const [active, setActive] = useState<number | null>(null);
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
  const levels = amounts.length === 0 ? [] : high === low ? [high] : [high, low];
  const first = points[0]!;
  const last = points.at(-1)!;
  // The nearest observation to the pointer.
  const point = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const at = ((event.clientX - box.left) / box.width) * WIDTH;
    let nearest = 0;
    points.forEach((_, index) => {
      if (Math.abs(x(index) - at) < Math.abs(x(nearest) - at)) nearest = index;
    });
    setActive(nearest);
  };
  const shown = active === null ? undefined : points[active];
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <figure className="price-history">
      <div className="price-history__body" aria-hidden="true">
        <div className="price-history__levels">
          {levels.length > 0 && (
            <span className="price-history__sizer">{formatEuroCents(high)}</span>
          )}
          {levels.map((cents) => (
            <span
              key={cents}
              className="price-history__level"
              style={{ top: percent(y(cents), HEIGHT) }}
            >
              {formatEuroCents(cents)}
            </span>
          ))}
        </div>
        <div
          className="price-history__plot"
          onPointerMove={point}
          onPointerDown={point}
          onPointerLeave={() => setActive(null)}
        >
          <svg
            className="price-history__chart"
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            focusable="false"
          >
            {levels.map((cents) => (
              <line
                key={cents}
                className="price-history__grid"
                x1="0"
                x2={WIDTH}
                y1={y(cents)}
                y2={y(cents)}
              />
            ))}
            <line className="price-history__axis" x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} />
            <path d={path} className="price-history__line" />
          </svg>
          {points.map((point, index) =>
            point.priceCents === null ? null : (
              <span
                key={point.at}
                className={
                  index === active
                    ? 'price-history__dot price-history__dot--active'
                    : 'price-history__dot'
                }
                style={{
                  left: percent(x(index), WIDTH),
                  top: percent(y(point.priceCents), HEIGHT),
                }}
              />
            ),
          )}
          {shown && active !== null && (
            <span
              className="price-history__tooltip"
              style={{
                left: percent(x(active), WIDTH),
                transform: `translateX(-${percent(x(active), WIDTH)})`,
              }}
            >
              {formatDayShort(shown.at)}{' '}
              <strong>
                {shown.priceCents === null ? texts.noAmount : formatEuroCents(shown.priceCents)}
              </strong>
            </span>
          )}
        </div>
        <div className="price-history__dates">
          <span>{formatDayShort(first.at)}</span>
          {points.length > 1 && <span>{formatDayShort(last.at)}</span>}
        </div>
      </div>
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
