import { describe, expect, it } from 'vitest';
import { parseLiveEventMessage } from './liveEvents';

describe('parseLiveEventMessage', () => {
  it("knows the server's word that the plan or the alert limit changed", () => {
    expect(parseLiveEventMessage(JSON.stringify({ type: 'account' }))).toEqual({ type: 'account' });
    expect(parseLiveEventMessage(JSON.stringify({ type: 'pong' }))).toEqual({ type: 'pong' });
  });

  it('drops what it does not know', () => {
    expect(parseLiveEventMessage(JSON.stringify({ type: 'plan' }))).toBeNull();
    expect(parseLiveEventMessage('{nope')).toBeNull();
    expect(parseLiveEventMessage(JSON.stringify({ type: 'notification' }))).toBeNull();
  });
});
