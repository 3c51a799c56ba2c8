import { describe, expect, it } from 'vitest';
import {
  compareChatSessions,
  parseChatAgentServerMessage,
  totalUnread,
  upsertChatSession,
  type ChatSessionSummary,
} from './agent';

const session = (id: string, over: Partial<ChatSessionSummary> = {}): ChatSessionSummary => ({
  id,
  status: 'active',
  resolvedBy: null,
  visitor: { kind: 'guest', name: 'Anna', email: 'anna@example.nl', plan: null },
  createdAt: '2026-11-24T10:00:00.000Z',
  lastActivityAt: '2026-11-24T10:00:00.000Z',
  unread: 0,
  lastMessage: null,
  ...over,
});

describe('the inbox order', () => {
  it('puts open sessions first, then the newest activity', () => {
    const sessions = [
      session('old', { lastActivityAt: '2026-11-24T09:00:00.000Z' }),
      session('done', { status: 'resolved', lastActivityAt: '2026-11-24T11:00:00.000Z' }),
      session('new', { lastActivityAt: '2026-11-24T10:30:00.000Z' }),
    ];
    expect([...sessions].sort(compareChatSessions).map((s) => s.id)).toEqual([
      'new',
      'old',
      'done',
    ]);
  });

  it('replaces an updated session in place of order', () => {
    const list = [session('a', { lastActivityAt: '2026-11-24T11:00:00.000Z' }), session('b')];
    const updated = upsertChatSession(
      list,
      session('b', { lastActivityAt: '2026-11-24T12:00:00.000Z', unread: 2 }),
    );
    expect(updated.map((s) => [s.id, s.unread])).toEqual([
      ['b', 2],
      ['a', 0],
    ]);
  });

  it('counts unread over open sessions only', () => {
    expect(
      totalUnread([session('a', { unread: 2 }), session('b', { unread: 5, status: 'resolved' })]),
    ).toBe(2);
  });
});

describe('agent frames', () => {
  it('parses known frames and drops garbage', () => {
    expect(
      parseChatAgentServerMessage('{"type":"visitor_typing","sessionId":"s","isTyping":true}'),
    ).toEqual({
      type: 'visitor_typing',
      sessionId: 's',
      isTyping: true,
    });
    expect(parseChatAgentServerMessage('{"type":"nope"}')).toBeNull();
    expect(parseChatAgentServerMessage('{')).toBeNull();
  });
});
