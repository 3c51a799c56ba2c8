import { describe, expect, it } from 'vitest';
import type { ChatClientMessage, ChatServerMessage } from './protocol';
import {
  chatHeartbeat,
  chatSocketUrl,
  parseChatClientMessage,
  parseChatServerMessage,
} from './protocol';

const TS = '2025-01-02T03:04:05.000Z';

describe('parseChatServerMessage: every server message type', () => {
  it.each<ChatServerMessage>([
    { type: 'connected' },
    { type: 'authenticated' },
    { type: 'guest_authenticated' },
    { type: 'heartbeat_ack' },
    { type: 'pong' },
    { type: 'message', id: 'm1', text: 'Hoi!', sender: 'support', timestamp: TS },
    {
      type: 'message',
      id: 'm2',
      text: 'Vraag',
      sender: 'guest',
      timestamp: '2025-01-02T04:04:05+01:00',
    },
    { type: 'message_sent', tempId: 'tmp-1', messageId: 'm3' },
    { type: 'typing', isTyping: true },
    { type: 'online_status', isOnline: false },
    { type: 'delivered', messageId: 'm3' },
    { type: 'session_resolved', resolvedBy: 'support' },
    { type: 'session_resolved', resolvedBy: 'user' },
    { type: 'error', message: 'Sessie niet gevonden' },
  ])('$type', (message) => {
    expect(parseChatServerMessage(JSON.stringify(message))).toEqual(message);
  });

  it('drops unknown extra fields instead of rejecting the frame', () => {
    expect(parseChatServerMessage('{"type":"typing","isTyping":false,"by":"Eva"}')).toEqual({
      type: 'typing',
      isTyping: false,
    });
  });

  it.each([
    ['not JSON', 'hallo'],
    ['empty', ''],
    ['JSON null', 'null'],
    ['an array', '[]'],
    ['a number', '42'],
    ['no type', '{"text":"x"}'],
    ['unknown type', '{"type":"explode"}'],
    ['a client-only type', '{"type":"auth","sessionId":"s"}'],
    ['message without id', `{"type":"message","text":"x","sender":"support","timestamp":"${TS}"}`],
    [
      'message from an unknown sender',
      `{"type":"message","id":"m","text":"x","sender":"bot","timestamp":"${TS}"}`,
    ],
    [
      'message with a bad timestamp',
      '{"type":"message","id":"m","text":"x","sender":"support","timestamp":"gisteren"}',
    ],
    ['typing as a string', '{"type":"typing","isTyping":"yes"}'],
    ['message_sent without tempId', '{"type":"message_sent","messageId":"m"}'],
    ['resolved by someone unknown', '{"type":"session_resolved","resolvedBy":"robot"}'],
    ['error without message', '{"type":"error"}'],
  ])('%s → null', (_name, raw) => {
    expect(parseChatServerMessage(raw)).toBeNull();
  });
});

describe('parseChatClientMessage: every client message type', () => {
  it.each<ChatClientMessage>([
    { type: 'auth', sessionId: 's1' },
    { type: 'guest_auth', sessionId: 's1', guestInfo: { name: 'Anna', email: 'anna@example.nl' } },
    { type: 'heartbeat', timestamp: 1_700_000_000_000 },
    { type: 'message', text: 'Hallo support', tempId: 'tmp-1' },
  ])('$type', (message) => {
    expect(parseChatClientMessage(JSON.stringify(message))).toEqual(message);
  });

  it('trims the message text', () => {
    expect(parseChatClientMessage('{"type":"message","text":"  hoi  ","tempId":"t"}')).toEqual({
      type: 'message',
      text: 'hoi',
      tempId: 't',
    });
  });

  it.each([
    ['not JSON', '{type:auth}'],
    ['unknown type', '{"type":"admin_command"}'],
    ['a server-only type', '{"type":"pong"}'],
    ['auth without session', '{"type":"auth"}'],
    ['auth with empty session', '{"type":"auth","sessionId":""}'],
    [
      'guest_auth with a 1-letter name',
      '{"type":"guest_auth","sessionId":"s","guestInfo":{"name":"A","email":"a@b.nl"}}',
    ],
    ['guest_auth without guest', '{"type":"guest_auth","sessionId":"s"}'],
    ['heartbeat with a string time', '{"type":"heartbeat","timestamp":"now"}'],
    ['blank message', '{"type":"message","text":"   ","tempId":"t"}'],
    [
      'message over 2000 characters',
      JSON.stringify({ type: 'message', text: 'x'.repeat(2001), tempId: 't' }),
    ],
    ['message without tempId', '{"type":"message","text":"hoi"}'],
  ])('%s → null', (_name, raw) => {
    expect(parseChatClientMessage(raw)).toBeNull();
  });

  it('accepts a message of exactly 2000 characters', () => {
    const raw = JSON.stringify({ type: 'message', text: 'x'.repeat(2000), tempId: 't' });
    expect(parseChatClientMessage(raw)).not.toBeNull();
  });

  it('the heartbeat it builds is one the server accepts', () => {
    expect(parseChatClientMessage(JSON.stringify(chatHeartbeat(123)))).toEqual({
      type: 'heartbeat',
      timestamp: 123,
    });
  });
});

describe('chatSocketUrl', () => {
  it.each<[string, Parameters<typeof chatSocketUrl>[0], string]>([
    [
      'https page',
      { pageUrl: 'https://prijsalarm.nl/dashboard?x=1' },
      'wss://prijsalarm.nl/ws/chat',
    ],
    ['http page with port', { pageUrl: 'http://localhost:3000/' }, 'ws://localhost:3000/ws/chat'],
    [
      'guest on https',
      { pageUrl: 'https://prijsalarm.nl/', guestSessionId: 'g-1' },
      'wss://prijsalarm.nl/ws/chat?guestSessionId=g-1',
    ],
    [
      'guest id is escaped',
      { pageUrl: 'http://a.nl', guestSessionId: 'a b&c' },
      'ws://a.nl/ws/chat?guestSessionId=a%20b%26c',
    ],
    [
      'empty guest id is no guest',
      { pageUrl: 'http://a.nl', guestSessionId: '' },
      'ws://a.nl/ws/chat',
    ],
    ['location parts, https', { protocol: 'https:', host: 'x.nl:8443' }, 'wss://x.nl:8443/ws/chat'],
    ['location parts, http', { protocol: 'http:', host: 'x.nl' }, 'ws://x.nl/ws/chat'],
    ['credentials are left out', { pageUrl: 'https://u:p@x.nl/a' }, 'wss://x.nl/ws/chat'],
  ])('%s', (_name, input, url) => {
    expect(chatSocketUrl(input)).toBe(url);
  });

  it('refuses a relative page address', () => {
    expect(() => chatSocketUrl({ pageUrl: '/dashboard' })).toThrow();
  });
});
