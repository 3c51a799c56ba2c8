/**
 * A bar chart that is a table: screen readers read label and number, the bars are decoration.
 * Plain HTML and CSS, no chart library. A value axis with round ticks and gridlines under the
 * bars; a count of 0 draws no bar (its number says 0), never a sliver that reads as "some".
 */
import { axisTicks } from './chartScale';

interface BarChartProps {
  caption: string;
  labelHeading: string;
  valueHeading: string;
  rows: readonly { key: string; label: string; value: number }[];
}

export function BarChart({ caption, labelHeading, valueHeading, rows }: BarChartProps) {
  const ticks = axisTicks(Math.max(0, ...rows.map((row) => row.value)), { most: 3 });
  const top = ticks.at(-1)!;
  const at = (value: number) => `${(value / top) * 100}%`;
  return (
    <table className="bar-chart">
      <caption>{caption}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{labelHeading}</th>
          <th scope="col">{valueHeading}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} title={`${row.label}: ${row.value}`}>
            <th scope="row" className="bar-chart__label">
              {row.label}
            </th>
            <td className="bar-chart__cell">
              <span className="bar-chart__track" aria-hidden="true">
                {ticks.slice(1).map((tick) => (
                  <span key={tick} className="bar-chart__grid" style={{ left: at(tick) }} />
                ))}
                {row.value > 0 && (
                  <span className="bar-chart__bar" style={{ width: at(row.value) }} />
                )}
              </span>
              <span className="bar-chart__value">{row.value}</span>
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot aria-hidden="true">
        <tr>
          <td />
          <td className="bar-chart__cell">
            <span className="bar-chart__axis">
              {ticks.map((tick) => (
                <span key={tick} className="bar-chart__tick" style={{ left: at(tick) }}>
                  {tick}
                </span>
              ))}
            </span>
            <span className="bar-chart__value" />
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
