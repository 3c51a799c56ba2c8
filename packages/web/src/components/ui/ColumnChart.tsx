/**
 * A column chart over days (the notification centre's 'Per dag'): an SVG drawn from the numbers,
 * no chart library (the bundle stays small). The picture is for the eye only; screen readers
 * read the same numbers from a table (visually hidden), the text alternative of the chart.
 */
import { useId } from 'react';

interface ColumnChartProps {
  caption: string;
  labelHeading: string;
  valueHeading: string;
  /** Oldest first; `label` is short (it stands under the columns and in the table). */
  rows: readonly { key: string; label: string; value: number }[];
}

const WIDTH = 600;
const HEIGHT = 138;
const TOP = 14;

/** The highest value rounded up to a readable gridline: 1, 2, 5, 10, 20, 50, … */
function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

export function ColumnChart({ caption, labelHeading, valueHeading, rows }: ColumnChartProps) {
  const captionId = useId();
  const max = niceMax(Math.max(0, ...rows.map((row) => row.value)));
  const slot = WIDTH / Math.max(1, rows.length);
  const bar = Math.max(2, slot * 0.7);
  const plot = HEIGHT - TOP;
  // Every 7th day (counted back from today) gets its label, the last always.
  const labelled = (index: number) => (rows.length - 1 - index) % 7 === 0;
  return (
    <figure className="column-chart" aria-labelledby={captionId}>
      <figcaption className="column-chart__caption" id={captionId}>
        {caption}
      </figcaption>
      <svg
        className="column-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <line className="column-chart__grid" x1="0" x2={WIDTH} y1={TOP} y2={TOP} />
        <line className="column-chart__axis" x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} />
        {rows.map((row, index) => {
          const height = (row.value / max) * plot;
          return (
            row.value > 0 && (
              <rect
                key={row.key}
                className="column-chart__bar"
                x={index * slot + (slot - bar) / 2}
                y={HEIGHT - height}
                width={bar}
                height={height}
                rx="2"
              />
            )
          );
        })}
      </svg>
      {/* In HTML, not in the stretched SVG: the labels keep the type scale's size and shape (each
          centred under its column; the outer ones may reach into the card's padding). */}
      <div className="column-chart__labels" aria-hidden="true">
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
      <span className="column-chart__max" aria-hidden="true">
        {max}
      </span>
      <table className="visually-hidden">
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
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
