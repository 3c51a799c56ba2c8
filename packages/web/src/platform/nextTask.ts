/**
 * Resolves with `value` in a new task (a 0 ms timer): the browser may paint and answer input
 * between two long pieces of work instead of running them as one long task. On a phone, one
 * task of evaluating code and another of drawing with it block the page less than both at once
 * (Lighthouse's Total Blocking Time counts only the part of each task beyond 50 ms).
 */
export function nextTask<T>(value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), 0));
}
