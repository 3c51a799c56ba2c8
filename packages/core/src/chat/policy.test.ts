import { describe, expect, it } from 'vitest';
import type { ChatConnection, ChatConnectionEvent, ChatConnectionState } from './policy';
import {
  ChatAuthErrorCooldown,
  INITIAL_CHAT_CONNECTION,
  StaleDetector,
  chatConnectionReducer,
  chatPollIntervalMs,
  chatStatusText,
  nextReconnectDelayMs,
  reconnectDelayMs,
  shouldReconnect,
  unreadBadge,
} from './policy';

describe('reconnectDelayMs: 1 s × 1.5^attempt, attempt counted from 0, capped at 30 s', () => {
  it.each([
    [0, 1000],
    [1, 1500],
    [2, 2250],
    [3, 3375],
    [4, 5062.5],
    [5, 7593.75],
    [6, 11390.625],
    [7, 17085.9375],
    [8, 25628.90625],
    [9, 30000],
    [10, 30000],
    [11, 30000],
    [12, 30000],
  ])('attempt %i waits %d ms', (attempt, delay) => {
    expect(reconnectDelayMs(attempt)).toBe(delay);
  });

  it('treats a negative attempt as the first', () => {
    expect(reconnectDelayMs(-3)).toBe(1000);
  });
});

describe('shouldReconnect: at most 10 attempts, only while the window is open', () => {
  it.each([
    [0, true, true],
    [9, true, true],
    [10, true, false],
    [11, true, false],
    [0, false, false],
    [9, false, false],
  ])('after %i attempts with window open=%s → %s', (attempt, windowOpen, expected) => {
    expect(shouldReconnect(attempt, windowOpen)).toBe(expected);
  });

  it('allows exactly 10 reconnects in a row, not 11', () => {
    let connection = chatConnectionReducer(INITIAL_CHAT_CONNECTION, { type: 'connect' });
    connection = chatConnectionReducer(connection, { type: 'close' });
    const delays: number[] = [];
    for (let i = 0; i < 20; i++) {
      const delay = nextReconnectDelayMs(connection, true);
      if (delay === null) break;
      delays.push(delay);
      connection = chatConnectionReducer(connection, { type: 'reconnect' });
      connection = chatConnectionReducer(connection, { type: 'error' });
    }
    expect(delays).toHaveLength(10);
    expect(delays[0]).toBe(1000);
    expect(delays[9]).toBe(30000);
  });
});

describe('nextReconnectDelayMs', () => {
  const at = (state: ChatConnectionState, attempts: number): ChatConnection => ({
    state,
    attempts,
    reconnected: false,
    started: true,
  });
  it.each([
    ['disconnected, window open', at('disconnected', 0), true, 1000],
    ['error after 3 attempts', at('error', 3), true, 3375],
    ['window closed', at('disconnected', 0), false, null],
    ['10 attempts made', at('error', 10), true, null],
    ['already connected', at('connected', 0), true, null],
    ['already connecting', at('connecting', 2), true, null],
  ])('%s → %s', (_name, connection, windowOpen, expected) => {
    expect(nextReconnectDelayMs(connection, windowOpen)).toBe(expected);
  });
});

describe('chatPollIntervalMs: poll every 5 s while the socket is not connected', () => {
  it.each([
    ['disconnected', 5000],
    ['connecting', 5000],
    ['error', 5000],
    ['connected', null],
  ] as const)('%s → %s', (state, expected) => {
    expect(chatPollIntervalMs(state)).toBe(expected);
  });
});

describe('unreadBadge', () => {
  it.each([
    [0, ''],
    [-1, ''],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%i unread → %j', (count, badge) => {
    expect(unreadBadge(count)).toBe(badge);
  });
});

describe('status bar', () => {
  const run = (...events: ChatConnectionEvent[]) =>
    events.reduce(chatConnectionReducer, INITIAL_CHAT_CONNECTION);

  it.each<[string, ChatConnectionEvent[], string]>([
    ['before anything', [], ''],
    ['first connect', [{ type: 'connect' }], 'Verbinding maken...'],
    ['connected first time', [{ type: 'connect' }, { type: 'open' }], ''],
    ['lost', [{ type: 'connect' }, { type: 'open' }, { type: 'close' }], 'Verbinding verbroken'],
    ['failed', [{ type: 'connect' }, { type: 'error' }], 'Verbinding verbroken'],
    [
      'first reconnect',
      [{ type: 'connect' }, { type: 'close' }, { type: 'reconnect' }],
      'Opnieuw verbinden... (poging 1)',
    ],
    [
      'third reconnect',
      [
        { type: 'connect' },
        { type: 'close' },
        { type: 'reconnect' },
        { type: 'error' },
        { type: 'reconnect' },
        { type: 'error' },
        { type: 'reconnect' },
      ],
      'Opnieuw verbinden... (poging 3)',
    ],
    [
      'back after a reconnect',
      [{ type: 'connect' }, { type: 'close' }, { type: 'reconnect' }, { type: 'open' }],
      '(Herverbonden)',
    ],
    [
      'a fresh connect after giving up starts counting again',
      [{ type: 'connect' }, { type: 'close' }, { type: 'reconnect' }, { type: 'connect' }],
      'Verbinding maken...',
    ],
  ])('%s → %j', (_name, events, text) => {
    expect(chatStatusText(run(...events))).toBe(text);
  });

  it('resets the attempt count once connected', () => {
    const connection = run(
      { type: 'connect' },
      { type: 'close' },
      { type: 'reconnect' },
      { type: 'open' },
    );
    expect(connection.attempts).toBe(0);
    expect(nextReconnectDelayMs(chatConnectionReducer(connection, { type: 'close' }), true)).toBe(
      1000,
    );
  });
});

describe('StaleDetector: over 30 s of silence twice, or a failed heartbeat, forces a reconnect', () => {
  it.each([
    ['silence of exactly 30 s', [30_000], ['ok']],
    ['silence of 30 s + 1 ms is one strike', [30_001], ['stale']],
    ['a second silent window reconnects', [30_001, 60_002], ['stale', 'reconnect']],
    ['the second window must also exceed 30 s', [30_001, 60_001], ['stale', 'stale']],
    [
      'frequent checks do not count extra strikes',
      [10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 70_000, 80_000],
      ['ok', 'ok', 'ok', 'stale', 'stale', 'stale', 'stale', 'reconnect'],
    ],
  ])('%s', (_name, checks, verdicts) => {
    const detector = new StaleDetector(0);
    expect(checks.map((now) => detector.check(now))).toEqual(verdicts);
  });

  it('server traffic clears a strike', () => {
    const detector = new StaleDetector(0);
    expect(detector.check(30_001)).toBe('stale');
    detector.recordTraffic(40_000);
    expect(detector.check(70_000)).toBe('ok');
    expect(detector.check(70_001)).toBe('stale');
  });

  it('starts over after ordering a reconnect', () => {
    const detector = new StaleDetector(0);
    detector.check(30_001);
    expect(detector.check(60_002)).toBe('reconnect');
    expect(detector.check(90_002)).toBe('ok');
  });

  it('a failed heartbeat reconnects at once', () => {
    const detector = new StaleDetector(0);
    expect(detector.heartbeatFailed(1000)).toBe('reconnect');
    expect(detector.check(2000)).toBe('ok');
  });
});

describe('ChatAuthErrorCooldown: 60 s pause after repeated auth errors', () => {
  it.each([
    ['one error does not pause', [0], 1, false],
    ['two errors pause', [0, 100], 101, true],
    ['still paused 1 ms before 60 s are over', [0, 100], 60_099, true],
    ['free again after exactly 60 s', [0, 100], 60_100, false],
  ])('%s', (_name, errorTimes, now, coolingDown) => {
    const cooldown = new ChatAuthErrorCooldown();
    for (const t of errorTimes) cooldown.recordAuthError(t);
    expect(cooldown.isCoolingDown(now)).toBe(coolingDown);
  });

  it('reports the time left', () => {
    const cooldown = new ChatAuthErrorCooldown();
    cooldown.recordAuthError(0);
    cooldown.recordAuthError(1000);
    expect(cooldown.remainingMs(31_000)).toBe(30_000);
  });

  it('a success in between means the errors were not repeated', () => {
    const cooldown = new ChatAuthErrorCooldown();
    cooldown.recordAuthError(0);
    cooldown.recordSuccess();
    cooldown.recordAuthError(100);
    expect(cooldown.isCoolingDown(101)).toBe(false);
  });

  it('errors during the pause do not extend it', () => {
    const cooldown = new ChatAuthErrorCooldown();
    cooldown.recordAuthError(0);
    cooldown.recordAuthError(0);
    cooldown.recordAuthError(30_000);
    cooldown.recordAuthError(30_001);
    expect(cooldown.isCoolingDown(60_000)).toBe(false);
  });
});
