/**
 * The charts people read at a glance: a value axis with round ticks, labels, a tooltip under the
 * pointer, the numbers as a table for screen readers, and a count of 0 drawn as nothing.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatEuroCents } from '@prijsalarm/core';
import PriceHistoryChart from '../price-drop/PriceHistoryChart';
import { BarChart } from './BarChart';
import { ColumnChart } from './ColumnChart';
import { axisTicks } from './chartScale';

describe('the value axis', () => {
  it.each([
    [0, [0, 1]],
    [1, [0, 1]],
    [3, [0, 1, 2, 3]],
    [7, [0, 2, 4, 6, 8]],
    [12, [0, 5, 10, 15]],
    [100, [0, 50, 100]],
  ])('runs from 0 to a round top at or above %i', (max, ticks) => {
    expect(axisTicks(max)).toEqual(ticks);
  });

  it('never steps finer than asked: whole euros for cents', () => {
    expect(axisTicks(250, { minStep: 100 })).toEqual([0, 100, 200, 300]);
  });
});

const days = [
  { key: '2026-03-01', label: '1 mrt', value: 4 },
  { key: '2026-03-02', label: '2 mrt', value: 0 },
  { key: '2026-03-03', label: '3 mrt', value: 7 },
];

describe('ColumnChart', () => {
  const draw = (props: Partial<Parameters<typeof ColumnChart>[0]> = {}) =>
    render(
      <ColumnChart
        caption="Per dag"
        labelHeading="Dag"
        valueHeading="Aantal"
        rows={days}
        {...props}
      />,
    );

  it('draws a column for each day with a count, and nothing for a day of 0', () => {
    const { container } = draw();
    const bars = [...container.querySelectorAll('.column-chart__bar')];
    expect(bars.map((bar) => bar.getAttribute('data-key'))).toEqual(['2026-03-01', '2026-03-03']);
  });

  it('labels its value axis with round ticks from 0 and its days under the columns', () => {
    const { container } = draw();
    const ticks = [...container.querySelectorAll('.column-chart__tick')].map((t) => t.textContent);
    expect(ticks).toEqual(['0', '2', '4', '6', '8']);
    const labels = [...container.querySelectorAll('.column-chart__label')].map(
      (label) => label.textContent,
    );
    expect(labels).toContain('3 mrt');
    // The horizontal gridlines stand at the ticks above 0.
    expect(container.querySelectorAll('.column-chart__grid')).toHaveLength(4);
  });

  it('gives screen readers the numbers as a table, the drawing hidden', () => {
    const { container } = draw({ formatValue: (cents) => formatEuroCents(cents), minStep: 100 });
    const table = screen.getByRole('table', { name: 'Per dag' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'DagAantal',
      `1 mrt${formatEuroCents(4)}`,
      `2 mrt${formatEuroCents(0)}`,
      `3 mrt${formatEuroCents(7)}`,
    ]);
    expect(container.querySelector('.column-chart__body')?.getAttribute('aria-hidden')).toBe(
      'true',
    );
    // Cents read as euros on the axis too.
    expect(container.querySelector('.column-chart__tick:last-child')?.textContent).toBe(
      formatEuroCents(100),
    );
  });

  it('shows the day and its count under the pointer', () => {
    const { container } = draw();
    const plot = container.querySelector<HTMLElement>('.column-chart__plot')!;
    plot.getBoundingClientRect = () => ({ left: 0, width: 300 }) as DOMRect;
    fireEvent.pointerMove(plot, { clientX: 250 });
    expect(container.querySelector('.column-chart__tooltip')?.textContent).toBe('3 mrt 7');
    fireEvent.pointerLeave(plot);
    expect(container.querySelector('.column-chart__tooltip')).toBeNull();
  });
});

describe('BarChart', () => {
  const rows = [
    { key: 'FREE', label: 'Gratis', value: 3 },
    { key: 'PRO', label: 'Pro', value: 0 },
  ];

  it('draws no bar for a count of 0, while its number still says 0', () => {
    render(<BarChart caption="Per plan" labelHeading="Plan" valueHeading="Aantal" rows={rows} />);
    const zero = screen.getByRole('row', { name: /Pro/ });
    expect(zero.querySelector('.bar-chart__bar')).toBeNull();
    expect(within(zero).getByRole('cell').textContent).toBe('0');
    const three = screen.getByRole('row', { name: /Gratis/ });
    expect(three.querySelector<HTMLElement>('.bar-chart__bar')?.style.width).toBe('100%');
  });

  it('has a value axis with round ticks under its bars, and a tooltip per row', () => {
    const { container } = render(
      <BarChart caption="Per plan" labelHeading="Plan" valueHeading="Aantal" rows={rows} />,
    );
    const ticks = [...container.querySelectorAll('.bar-chart__tick')].map((t) => t.textContent);
    expect(ticks).toEqual(['0', '1', '2', '3']);
    expect(screen.getByRole('row', { name: /Gratis/ }).getAttribute('title')).toBe('Gratis: 3');
  });
});

describe('PriceHistoryChart', () => {
  const points = [
    { at: '2026-03-01T10:00:00Z', priceCents: 45_000 },
    { at: '2026-03-04T10:00:00Z', priceCents: 39_500 },
    { at: '2026-03-08T10:00:00Z', priceCents: 35_000 },
  ];

  it('labels its price axis with the highest and lowest price and its first and last day', () => {
    const { container } = render(<PriceHistoryChart title="Gazelle" points={points} />);
    const levels = [...container.querySelectorAll('.price-history__level')].map(
      (level) => level.textContent,
    );
    expect(levels).toEqual([formatEuroCents(45_000), formatEuroCents(35_000)]);
    expect(container.querySelector('.price-history__dates')?.textContent).toBe('1 mrt8 mrt');
    expect(container.querySelectorAll('.price-history__dot')).toHaveLength(3);
  });

  it('shows the nearest observation under the pointer; the table holds every point', () => {
    const { container } = render(<PriceHistoryChart title="Gazelle" points={points} />);
    const plot = container.querySelector<HTMLElement>('.price-history__plot')!;
    plot.getBoundingClientRect = () => ({ left: 0, width: 320 }) as DOMRect;
    fireEvent.pointerMove(plot, { clientX: 170 });
    expect(container.querySelector('.price-history__tooltip')?.textContent).toBe(
      `4 mrt ${formatEuroCents(39_500)}`,
    );
    const table = screen.getByRole('table', { name: 'Prijsverloop van Gazelle' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });
});
