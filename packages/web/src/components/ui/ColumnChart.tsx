/**
 * A column chart over days (the notification centre's 'Per dag', the admin's 30-day trends): an
 * SVG drawn from the numbers, no chart library (the bundle stays small). A value axis with round
 * ticks and gridlines, dates under the columns, a tooltip under the pointer; a day of 0 draws no
 * column at all. The picture is for the eye only: screen readers read the same numbers from a
 * table (visually hidden), the chart's text alternative.
 */
import { useId, useState } from 'react';
import type { PointerEvent } from 'react';
import { axisTicks } from './chartScale';

export interface ColumnChartRow {
  key: string;
  /** Short: it stands under the columns and in the table ('3 nov'). */
  label: string;
  value: number;
}

interface ColumnChartProps {
  caption: string;
  labelHeading: string;
  valueHeading: string;
  /** Oldest first. */
  rows: readonly ColumnChartRow[];
  /** How a value reads in the tooltip and in the table (default: the number). */
  formatValue?: (value: number) => string;
  /** How a tick of the value axis reads (default: as `formatValue`). */
  formatTick?: (value: number) => string;
  /** A figure beside the caption (the period's total). */
  summary?: string;
  /** The finest step of the value axis (default 1: counts; 100 for cents, whole euros). */
  minStep?: number;
}

const WIDTH = 600;
const HEIGHT = 120;

export function ColumnChart({
  caption,
  labelHeading,
  valueHeading,
  rows,
  formatValue = String,
  formatTick = formatValue,
  minStep = 1,
  summary,
}: ColumnChartProps) {
  const captionId = useId();
  const [active, setActive] = useState<number | null>(null);
  const ticks = axisTicks(Math.max(0, ...rows.map((row) => row.value)), { minStep });
  const top = ticks.at(-1)!;
  const slot = WIDTH / Math.max(1, rows.length);
  const bar = Math.max(2, slot * 0.7);
  // Every 7th day (counted back from today) gets its label, the last always.
  const labelled = (index: number) => (rows.length - 1 - index) % 7 === 0;
  const point = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const index = Math.floor(((event.clientX - box.left) / box.width) * rows.length);
    setActive(index >= 0 && index < rows.length ? index : null);
  };
  const shown = active === null ? undefined : rows[active];
  return (
    <figure className="column-chart" aria-labelledby={captionId}>
      <figcaption className="column-chart__caption" id={captionId}>
        {caption}
        {summary !== undefined && <span className="column-chart__summary">{summary}</span>}
      </figcaption>
      <div className="column-chart__body" aria-hidden="true">
        <div className="column-chart__ticks">
          {ticks.map((tick) => (
            <span
              key={tick}
              className="column-chart__tick"
              style={{ bottom: `${(tick / top) * 100}%` }}
            >
              {formatTick(tick)}
            </span>
          ))}
        </div>
        <div
          className="column-chart__plot"
          onPointerMove={point}
          onPointerDown={point}
          onPointerLeave={() => setActive(null)}
        >
          <svg
            className="column-chart__svg"
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            focusable="false"
          >
            {ticks.slice(1).map((tick) => (
              <line
                key={tick}
                className="column-chart__grid"
                x1="0"
                x2={WIDTH}
                y1={HEIGHT - (tick / top) * HEIGHT}
                y2={HEIGHT - (tick / top) * HEIGHT}
              />
            ))}
            {rows.map((row, index) => {
              if (row.value <= 0) return null;
              const height = (row.value / top) * HEIGHT;
              return (
                <rect
                  key={row.key}
                  className={
                    index === active
                      ? 'column-chart__bar column-chart__bar--active'
                      : 'column-chart__bar'
                  }
                  data-key={row.key}
                  x={index * slot + (slot - bar) / 2}
                  y={HEIGHT - height}
                  width={bar}
                  height={height}
                />
              );
            })}
            <line className="column-chart__axis" x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} />
          </svg>
          {shown && active !== null && (
            <span
              className="column-chart__tooltip"
              // Pulled left by as much as it stands right: inside the chart at either end.
              style={{
                left: `${((active + 0.5) / rows.length) * 100}%`,
                transform: `translateX(-${((active + 0.5) / rows.length) * 100}%)`,
              }}
            >
              <span className="column-chart__tooltip-label">{shown.label}</span>{' '}
              <strong>{formatValue(shown.value)}</strong>
            </span>
          )}
        </div>
        {/* In HTML, not in the stretched SVG: the labels keep the type scale's size and shape
            (each centred under its column; the outer ones may reach into the card's padding). */}
        <div className="column-chart__labels">
          {rows.map(
            (row, index) =>
              labelled(index) && (
                <span
                  key={row.key}
                  className="column-chart__label"
                  style={{ left: `${((index + 0.5) / rows.length) * 100}%` }}
                >
                  {row.label}
                </span>
              ),
          )}
        </div>
      </div>
      {/* Hidden in a box, not as the table itself: a table grows to its rows whatever its
          height, and would lengthen the page below the footer. */}
      <div className="visually-hidden">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeading}</th>
              <th scope="col">{valueHeading}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td>{formatValue(row.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
