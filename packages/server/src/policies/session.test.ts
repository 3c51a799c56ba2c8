import { describe, expect, it } from 'vitest';
import { sessionPolicy } from './session';

const mine = '0b6f7e8a-3c2d-4e1f-9a8b-7c6d5e4f3a2b';
const theirs = '1c7f8e9a-4d3e-4f2a-8b9c-8d7e6f5a4b3c';

describe('sessionPolicy', () => {
  it('lets a user end one of their own live sessions', () => {
    expect(sessionPolicy.canEnd([{ familyId: mine }], mine)).toBe(true);
  });

  it('refuses a session that is not among theirs (another user’s, or ended)', () => {
    expect(sessionPolicy.canEnd([{ familyId: mine }], theirs)).toBe(false);
    expect(sessionPolicy.canEnd([], mine)).toBe(false);
  });

  it.each(['', 'abc', `${mine}x`, '../sessions'])('refuses %j, which names no session', (id) => {
    expect(sessionPolicy.isSessionId(id)).toBe(false);
    expect(sessionPolicy.canEnd([{ familyId: id }], id)).toBe(false);
  });
});
