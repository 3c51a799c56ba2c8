import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '@prijsalarm/core';
import { ROUTES } from './routes';

describe('the router and core’s page list', () => {
  it('route exactly the pages of PAGE_PATHS (the server answers 404 for any other path)', () => {
    const routed = (ROUTES[0]?.children ?? [])
      .filter((route) => route.path !== '*')
      .map((route) => (route.index ? '/' : `/${route.path}`));
    expect([...routed].sort()).toEqual(Object.values(PAGE_PATHS).sort());
    expect(ROUTES[0]?.children?.at(-1)?.path).toBe('*');
  });
});
