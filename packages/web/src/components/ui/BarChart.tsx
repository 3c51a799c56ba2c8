interface BarChartProps {
  caption: string;
  labelHeading: string;
  valueHeading: string;
  rows: readonly { key: string; label: string; value: number }[];
}

/**
 * A bar chart that is a table: screen readers read label and number, the bars are decoration.
 * Plain HTML and CSS, no chart library.
 */
export function BarChart({ caption, labelHeading, valueHeading, rows }: BarChartProps) {
  const max = Math.max(1, ...rows.map((row) => row.value));
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
          <tr key={row.key}>
            <th scope="row" className="bar-chart__label">
              {row.label}
            </th>
            <td className="bar-chart__cell">
              <span
                className="bar-chart__bar"
                style={{ width: `${(row.value / max) * 100}%` }}
                aria-hidden="true"
              />
              <span className="bar-chart__value">{row.value}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
