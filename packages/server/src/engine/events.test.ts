import { describe, expect, it } from 'vitest';
import { createEngineEvents } from './events';

const event = { notificationId: 'n1', userId: 'u1', alertId: 'a1' };

describe('engine events', () => {
  it('delivers to every handler until it unsubscribes', () => {
    const events = createEngineEvents();
    const seen: string[] = [];
    const off = events.on('notification.created', (e) => void seen.push(`a:${e.notificationId}`));
    events.on('notification.created', (e) => void seen.push(`b:${e.notificationId}`));
    events.emit('notification.created', event);
    off();
    events.emit('notification.created', { ...event, notificationId: 'n2' });
    expect(seen).toEqual(['a:n1', 'b:n1', 'b:n2']);
  });

  it('a throwing or rejecting handler is logged and never reaches the emitter or the others', async () => {
    const errors: unknown[] = [];
    const logger = { error: (obj: object) => errors.push(obj) } as never;
    const events = createEngineEvents(logger);
    const seen: string[] = [];
    events.on('notification.created', () => {
      throw new Error('boom');
    });
    events.on('notification.created', () => Promise.reject(new Error('later')));
    events.on('notification.created', (e) => void seen.push(e.alertId));
    expect(() => events.emit('notification.created', event)).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['a1']);
    expect(errors).toHaveLength(2);
  });
});
