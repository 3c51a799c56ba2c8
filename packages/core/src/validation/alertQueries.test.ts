import { describe, expect, it } from 'vitest';
import { NOTIFICATION_PAGE_SIZE } from '../constants';
import { fieldErrors } from './fieldErrors';
import { categoryQuerySchema, manageAlertQuerySchema } from './alertQueries';
import { NOTIFICATION_PAGE_SIZE_MAX } from './limits';

function errorsOf(
  schema: typeof categoryQuerySchema | typeof manageAlertQuerySchema,
  input: unknown,
) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('categoryQuerySchema', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['nothing asked: everything', {}, {}],
    ['L1 only', { type: 'L1' }, { type: 'L1' }],
    ['children of one parent', { type: 'L2', parentId: '4' }, { type: 'L2', parentId: 4 }],
    ['active only', { isActive: 'true' }, { isActive: true }],
    ['inactive too', { isActive: 'false' }, { isActive: false }],
    ['empty values as absent', { type: '', parentId: ' ', isActive: '' }, {}],
  ])('reads %s', (_name, query, expected) => {
    expect(categoryQuerySchema.parse(query)).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown type', { type: 'L3' }, 'type'],
    ['a lower-case type', { type: 'l1' }, 'type'],
    ['a parent id that is a word', { parentId: 'auto' }, 'parentId'],
    ['a fractional parent id', { parentId: '1.5' }, 'parentId'],
    ['parent id 0', { parentId: '0' }, 'parentId'],
    ['isActive other than true/false', { isActive: 'yes' }, 'isActive'],
    ['a repeated type', { type: ['L1', 'L2'] }, 'type'],
  ])('refuses %s', (_name, query, field) => {
    expect(Object.keys(errorsOf(categoryQuerySchema, query))).toEqual([field]);
  });
});

describe('manageAlertQuerySchema', () => {
  it('defaults to the first page of the notification page size', () => {
    expect(manageAlertQuerySchema.parse({})).toEqual({
      notificationsPage: 1,
      notificationsLimit: NOTIFICATION_PAGE_SIZE,
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['page and limit from text', { notificationsPage: '2', notificationsLimit: '25' }, {}],
    ['the largest page size', { notificationsLimit: String(NOTIFICATION_PAGE_SIZE_MAX) }, {}],
    [
      'one above the largest page size',
      { notificationsLimit: String(NOTIFICATION_PAGE_SIZE_MAX + 1) },
      { notificationsLimit: expect.any(String) },
    ],
    ['page 0', { notificationsPage: '0' }, { notificationsPage: expect.any(String) }],
    ['a word as page', { notificationsPage: 'twee' }, { notificationsPage: expect.any(String) }],
  ])('%s', (_name, query, errors) => {
    expect(errorsOf(manageAlertQuerySchema, query)).toEqual(errors);
  });
});
