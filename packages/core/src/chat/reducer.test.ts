import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './model';
import { parseChatServerMessage } from './protocol';
import type { ChatEvent, ChatState } from './reducer';
import {
  INITIAL_CHAT_STATE,
  chatEventFromServerMessage,
  chatReducer,
  isChatSending,
} from './reducer';

const AT = '2025-01-02T10:00:00.000Z';

const msg = (id: string, sender: ChatMessage['sender'], read = false): ChatMessage => ({
  id,
  text: `tekst ${id}`,
  sender,
  timestamp: AT,
  delivered: true,
  read,
});

const run = (state: ChatState, ...events: ChatEvent[]) => events.reduce(chatReducer, state);

const active = (isOpen = true): ChatState =>
  run(
    { ...INITIAL_CHAT_STATE, isOpen },
    { type: 'initialized', sessionId: 's1', messages: [], sessionStatus: 'active' },
  );

const texts = (state: ChatState) => state.messages.map((m) => `${m.sender}:${m.text}`);

describe('initialize', () => {
  it.each([
    ['active', 'active', null],
    ['resolved', 'resolved', 'Deze chat sessie is beëindigd.'],
    ['closed', 'resolved', 'Deze chat sessie is beëindigd.'],
  ] as const)('a session that is %s → phase %s', (sessionStatus, phase, panel) => {
    const state = chatReducer(INITIAL_CHAT_STATE, {
      type: 'initialized',
      sessionId: 's1',
      messages: [msg('a', 'support')],
      sessionStatus,
    });
    expect(state.phase).toBe(phase);
    expect(state.ended?.text ?? null).toBe(panel);
  });

  it('counts unread support messages when the widget is closed and drops duplicate ids', () => {
    const state = chatReducer(INITIAL_CHAT_STATE, {
      type: 'initialized',
      sessionId: 's1',
      messages: [
        msg('a', 'support'),
        msg('a', 'support'),
        msg('b', 'support', true),
        msg('c', 'guest'),
      ],
      sessionStatus: 'active',
    });
    expect(state.messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(state.unread).toBe(1);
  });
});

describe('sending', () => {
  const started: ChatEvent = {
    type: 'send_started',
    tempId: 'tmp-1',
    text: ' Hallo ',
    sender: 'guest',
    at: AT,
  };

  it('shows the message at once under a temporary id', () => {
    const state = chatReducer(active(), started);
    expect(state.messages).toEqual([
      { id: 'tmp-1', text: 'Hallo', sender: 'guest', timestamp: AT, delivered: false, read: true },
    ]);
    expect(isChatSending(state)).toBe(true);
  });

  it('replaces the temporary id with the server id on acknowledgement', () => {
    const state = run(active(), started, {
      type: 'message_sent',
      tempId: 'tmp-1',
      messageId: 'm9',
    });
    expect(state.messages.map((m) => m.id)).toEqual(['m9']);
    expect(isChatSending(state)).toBe(false);
  });

  it('keeps one copy when polling brought the stored message before the acknowledgement', () => {
    const state = run(
      active(),
      started,
      {
        type: 'messages_received',
        messages: [{ id: 'm9', text: 'Hallo', sender: 'guest', timestamp: AT }],
      },
      { type: 'message_sent', tempId: 'tmp-1', messageId: 'm9' },
    );
    expect(state.messages.map((m) => m.id)).toEqual(['m9']);
  });

  it('shows one copy from the moment the stored message arrives, before the acknowledgement', () => {
    const state = run(active(), started, {
      type: 'messages_received',
      messages: [{ id: 'm9', text: 'Hallo', sender: 'guest', timestamp: AT }],
    });
    expect(texts(state)).toEqual(['guest:Hallo']);
    expect(state.messages.map((m) => m.id)).toEqual(['m9']);
    expect(isChatSending(state)).toBe(false);
  });

  it('on failure removes the temporary message and adds the error as a system message', () => {
    const state = run(active(), started, { type: 'send_failed', tempId: 'tmp-1', at: AT });
    expect(texts(state)).toEqual([
      'system:Bericht kon niet worden verzonden. Probeer het opnieuw.',
    ]);
    expect(isChatSending(state)).toBe(false);
  });

  it.each<[string, ChatState, ChatEvent, string[]]>([
    ['a blank text', active(), { ...started, text: '   ' } as ChatEvent, []],
    [
      'while another send is in flight',
      chatReducer(active(), started),
      { ...started, tempId: 'tmp-2' } as ChatEvent,
      ['tmp-1'],
    ],
    ['before a session exists', INITIAL_CHAT_STATE, started, []],
    [
      'after the session ended',
      chatReducer(active(), { type: 'session_resolved', resolvedBy: 'support', at: AT }),
      started,
      [],
    ],
  ])('does not send %s', (_name, state, send, guestMessageIds) => {
    const after = chatReducer(state, send);
    expect(after).toBe(state);
    expect(after.messages.filter((m) => m.sender === 'guest').map((m) => m.id)).toEqual(
      guestMessageIds,
    );
  });

  it('ignores an acknowledgement or failure for an unknown temporary id', () => {
    const state = active();
    expect(chatReducer(state, { type: 'message_sent', tempId: 'x', messageId: 'm' })).toBe(state);
    expect(chatReducer(state, { type: 'send_failed', tempId: 'x', at: AT })).toBe(state);
  });
});

describe('incoming messages and unread', () => {
  const support = (id: string) => ({
    id,
    text: `antwoord ${id}`,
    sender: 'support' as const,
    timestamp: AT,
  });

  it.each([
    ['closed widget counts support messages', false, [support('a'), support('b')], 2],
    ['open widget counts nothing', true, [support('a')], 0],
    [
      'own and system messages are not unread',
      false,
      [
        { ...support('a'), sender: 'guest' as const },
        { ...support('b'), sender: 'system' as const },
      ],
      0,
    ],
    ['a duplicate id is ignored', false, [support('a'), support('a')], 1],
  ])('%s', (_name, isOpen, messages, unread) => {
    const state = chatReducer(active(isOpen), { type: 'messages_received', messages });
    expect(state.unread).toBe(unread);
  });

  it('ignores a message already shown', () => {
    const once = chatReducer(active(false), {
      type: 'messages_received',
      messages: [support('a')],
    });
    const twice = chatReducer(once, { type: 'messages_received', messages: [support('a')] });
    expect(twice).toBe(once);
    expect(twice.unread).toBe(1);
  });

  it('opening marks every message read and zeroes unread', () => {
    const state = run(
      active(false),
      { type: 'messages_received', messages: [support('a'), support('b')] },
      { type: 'opened' },
    );
    expect(state.unread).toBe(0);
    expect(state.messages.every((m) => m.read)).toBe(true);
  });

  it('after minimizing, support messages count again', () => {
    const state = run(
      active(true),
      { type: 'minimized' },
      { type: 'messages_received', messages: [support('a')] },
    );
    expect(state.unread).toBe(1);
  });

  it.each([
    ['the server count while closed', false, 4, 4],
    ['the server count while open', true, 4, 0],
    ['a failed call resets to 0', false, null, 0],
  ])('unread_count: %s', (_name, isOpen, count, unread) => {
    const state = run(
      active(isOpen),
      { type: 'messages_received', messages: [support('x')] },
      { type: 'unread_count', count },
    );
    expect(state.unread).toBe(unread);
  });

  it('marks a message delivered', () => {
    const state = run(
      active(),
      { type: 'send_started', tempId: 't', text: 'hoi', sender: 'user', at: AT },
      { type: 'message_sent', tempId: 't', messageId: 'm1' },
      { type: 'delivered', messageId: 'm1' },
    );
    expect(state.messages[0]?.delivered).toBe(true);
  });

  it('a support message ends the typing indicator', () => {
    const typing = chatReducer(active(), { type: 'typing', isTyping: true });
    expect(typing.supportTyping).toBe(true);
    expect(
      chatReducer(typing, { type: 'messages_received', messages: [support('a')] }).supportTyping,
    ).toBe(false);
  });
});

describe('ending the chat', () => {
  it.each([
    [
      'support',
      { type: 'session_resolved', resolvedBy: 'support', at: AT },
      'Chat gesloten door support',
      'Deze chat is door support gesloten. Als je meer hulp nodig hebt, kun je een nieuwe chat starten.',
    ],
    [
      'a 403 on check-messages',
      { type: 'session_closed', at: AT },
      'Chat gesloten door support',
      'Deze chat is door support gesloten. Als je meer hulp nodig hebt, kun je een nieuwe chat starten.',
    ],
    [
      'the user',
      { type: 'session_resolved', resolvedBy: 'user', at: AT },
      'Chat beëindigd',
      'Je hebt de chat succesvol beëindigd. Bedankt voor je bericht!',
    ],
  ] as const)('by %s: note and ended panel', (_name, event, note, panel) => {
    const state = run(active(), { type: 'typing', isTyping: true }, event);
    expect(state.phase).toBe('resolved');
    expect(texts(state)).toEqual([`system:${note}`]);
    expect(state.ended?.text).toBe(panel);
    expect(state.supportTyping).toBe(false);
  });

  it('a second resolve (socket echo after the HTTP call) adds nothing', () => {
    const once = chatReducer(active(), { type: 'session_resolved', resolvedBy: 'user', at: AT });
    expect(chatReducer(once, { type: 'session_resolved', resolvedBy: 'support', at: AT })).toBe(
      once,
    );
  });

  it('a failed end keeps the chat and says so', () => {
    const state = chatReducer(active(), { type: 'end_failed', at: AT });
    expect(state.phase).toBe('active');
    expect(texts(state)).toEqual([
      'system:Er ging iets mis bij het beëindigen van de chat. Probeer het opnieuw.',
    ]);
  });

  it('start new chat resets the session but keeps the widget open', () => {
    const ended = run(
      active(true),
      { type: 'online_status', isOnline: true },
      { type: 'session_resolved', resolvedBy: 'support', at: AT },
    );
    const fresh = chatReducer(ended, { type: 'new_chat' });
    expect(fresh).toMatchObject({
      phase: 'none',
      sessionId: null,
      messages: [],
      ended: null,
      isOpen: true,
      supportOnline: true,
    });
  });

  it('system messages get distinct ids', () => {
    const state = run(active(), { type: 'end_failed', at: AT }, { type: 'end_failed', at: AT });
    const ids = state.messages.map((m) => m.id);
    expect(new Set(ids).size).toBe(2);
  });
});

describe('chatEventFromServerMessage', () => {
  const event = (raw: string) => {
    const message = parseChatServerMessage(raw);
    if (!message) throw new Error('test frame must parse');
    return chatEventFromServerMessage(message, AT);
  };

  it.each([
    [
      `{"type":"message","id":"m","text":"hoi","sender":"support","timestamp":"${AT}"}`,
      'messages_received',
    ],
    ['{"type":"message_sent","tempId":"t","messageId":"m"}', 'message_sent'],
    ['{"type":"typing","isTyping":true}', 'typing'],
    ['{"type":"online_status","isOnline":true}', 'online_status'],
    ['{"type":"delivered","messageId":"m"}', 'delivered'],
    ['{"type":"session_resolved","resolvedBy":"support"}', 'session_resolved'],
    ['{"type":"connected"}', null],
    ['{"type":"authenticated"}', null],
    ['{"type":"guest_authenticated"}', null],
    ['{"type":"heartbeat_ack"}', null],
    ['{"type":"pong"}', null],
    ['{"type":"error","message":"x"}', null],
  ])('%s → %s', (raw, type) => {
    expect(event(raw)?.type ?? null).toBe(type);
  });

  it('a socket message from support reaches the unread badge', () => {
    const e = event(
      `{"type":"message","id":"m","text":"hoi","sender":"support","timestamp":"${AT}"}`,
    );
    if (!e) throw new Error('expected an event');
    expect(chatReducer(active(false), e).unread).toBe(1);
  });
});
