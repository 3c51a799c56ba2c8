/** The value axis the charts share (ColumnChart, BarChart): where its ticks stand. */

/**
 * Ticks from 0 up to a round top at or above `max`, in steps of 1, 2 or 5 × 10ⁿ, at most `most`
 * steps, never finer than `minStep` (1 for counts: no tick at 2.5 ads; 100 for cents: whole euros).
 */
export function axisTicks(max: number, { most = 4, minStep = 1 } = {}): number[] {
  const raw = Math.max(max, 0) / most;
  const power = raw > 0 ? 10 ** Math.floor(Math.log10(raw)) : minStep;
  const step = Math.max(
    minStep,
    [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw) ?? minStep,
  );
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
}
