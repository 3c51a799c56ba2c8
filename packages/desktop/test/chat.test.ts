/**
 * The desktop support chat against the real server: the main process's chat connection (the
 * chat window's /ws/chat socket, on the session cookies main holds) carries a signed-in user's
 * message to support and support's answer back; with the chat window closed, an answer becomes
 * exactly one native notification (supportWatcher, through the recording fake). Every call goes
 * through the IPC router, so each argument passes the zod contract as the window's would.
 */
import { API_CONTRACT, DESKTOP_TEXTS, type ChatServerMessage } from '@prijsalarm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIpcRouter, type IpcRouter } from '../src/main/ipcRouter';
import { silentLogger } from '../src/main/logger';
import type { IpcChannel, IpcResults } from '../src/shared/ipc';
import type { DesktopSession } from '../src/main/session';
import {
  ServerUnderTest,
  adminSession,
  createTestDesktop,
  registerVerifiedUser,
  sleep,
  until,
  type TestDesktop,
} from './harness';

const SUPPORT_CHECK_MS = 250;

let server: ServerUnderTest;
let admin: DesktopSession;
let desktop: TestDesktop;
let router: IpcRouter;

beforeAll(async () => {
  server = await ServerUnderTest.start();
  admin = (await adminSession(server)).session;
});

afterAll(async () => {
  desktop?.app.stop();
  await server?.stop();
});

/** A call as the chat window makes it: through the router's checks. */
async function call<C extends IpcChannel>(channel: C, argument?: unknown): Promise<IpcResults[C]> {
  const result = await router.handle(channel, argument, 'file:///chat');
  if (!result.ok) throw new Error(`${channel} refused: ${result.error}`);
  return result.value as IpcResults[C];
}

/** The server messages main passed to the chat window on socket `socketId`. */
function received(socketId: number): ChatServerMessage[] {
  return desktop.chatEvents.flatMap((event) =>
    event.socketId === socketId && event.type === 'message' ? [event.message] : [],
  );
}

const supportAnswer = (sessionId: string, text: string) =>
  admin.api.request(API_CONTRACT.adminChat.reply, { params: { id: sessionId }, body: { text } });

describe('the support chat on the desktop', () => {
  it('a message goes out over main’s socket, support’s answer comes back; closed, an answer notifies once', async () => {
    const user = await registerVerifiedUser(server, 'deskchat');
    desktop = createTestDesktop(server, { supportCheckMs: SUPPORT_CHECK_MS });
    router = createIpcRouter(desktop.app.ipcHandlers(), {
      logger: silentLogger,
      isTrustedSender: () => true,
    });
    expect(await desktop.app.signIn(user.email, user.password, false)).toMatchObject({ ok: true });

    // The chat window opens: the session is the user's, the socket main's.
    desktop.openWindows.add('chat');
    const { sessionId } = await call('chat:start');
    const { socketId } = await call('chat:socket-open');
    await until(
      () => desktop.chatEvents.some((e) => e.socketId === socketId && e.type === 'open'),
      10_000,
      'the chat socket to open',
    );
    await call('chat:socket-send', { socketId, frame: { type: 'auth', sessionId } });
    await until(
      () => received(socketId).some((m) => m.type === 'authenticated'),
      10_000,
      'the socket to authenticate as the user',
    );

    const question = 'Mijn meldingen komen niet binnen op de desktop';
    await call('chat:socket-send', {
      socketId,
      frame: { type: 'message', text: question, tempId: 'temp-1' },
    });
    await until(
      () => received(socketId).some((m) => m.type === 'message_sent' && m.tempId === 'temp-1'),
      10_000,
      'the server to store the message',
    );
    const inbox = await admin.api.request(API_CONTRACT.adminChat.session, {
      params: { id: sessionId },
    });
    expect(inbox.messages.map((m) => m.text)).toContain(question);

    const answer = 'We kijken ernaar, een moment.';
    await supportAnswer(sessionId, answer);
    await until(
      () =>
        received(socketId).some(
          (m) => m.type === 'message' && m.sender === 'support' && m.text === answer,
        ),
      10_000,
      'support’s answer on the desktop',
    );
    // The window is open and reads it: no native notification for it.
    await call('chat:mark-read', { sessionId });
    await sleep(SUPPORT_CHECK_MS * 4);
    expect(desktop.shown).toEqual([]);

    // The window closes: its socket goes with it.
    desktop.openWindows.delete('chat');
    desktop.app.windowClosed('chat');
    expect(desktop.chatEvents.at(-1)).toMatchObject({ socketId, type: 'close' });
    expect(
      await router.handle(
        'chat:socket-send',
        { socketId, frame: { type: 'typing', isTyping: true } },
        '',
      ),
    ).toMatchObject({ ok: false });

    await supportAnswer(sessionId, 'Probeer het nu nog eens?');
    const [shown] = await until(
      () => (desktop.shown.length > 0 ? desktop.shown : null),
      10_000,
      'the native notification of the answer',
    );
    // More checks of the unread count: still the one.
    await sleep(SUPPORT_CHECK_MS * 8);
    expect(desktop.shown).toHaveLength(1);
    expect(shown).toMatchObject({
      kind: 'support',
      title: DESKTOP_TEXTS.notification.supportAnswerTitle,
      body: DESKTOP_TEXTS.notification.supportAnswerBody,
    });
    // Clicking it opens the chat window again.
    shown!.click();
    expect(desktop.openWindows.has('chat')).toBe(true);
  });
});
