import { describe, expect, it, vi } from 'vitest';
import { DESKTOP_TEXTS } from '@prijsalarm/core';
import { IPC_CHANNELS } from '../shared/ipc';
import { UserFacingError, createIpcRouter, type IpcHandlers } from './ipcRouter';
import type { Logger } from './logger';

const OWN_PAGE = 'file:///app/out/renderer/index.html#signin';

function setup() {
  const logger: Logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const signIn = vi.fn(async () => ({
    signedIn: true,
    user: null,
    connection: 'connected' as const,
    unread: 0,
    serverUrl: 'https://prijsalarm.nl',
  }));
  const handlers = Object.fromEntries(
    IPC_CHANNELS.map((channel) => [channel, vi.fn(() => null)]),
  ) as unknown as IpcHandlers;
  handlers['auth:sign-in'] = signIn;
  const router = createIpcRouter(handlers, {
    logger,
    isTrustedSender: (url) => url.startsWith('file:///app/'),
  });
  return { router, logger, signIn, handlers };
}

describe('IPC validation', () => {
  it('passes a well-formed call on, parsed', async () => {
    const { router, signIn } = setup();
    const result = await router.handle(
      'auth:sign-in',
      { email: ' jan@example.nl ', password: 'geheim', rememberMe: true },
      OWN_PAGE,
    );
    expect(result.ok).toBe(true);
    expect(signIn).toHaveBeenCalledWith({
      email: 'jan@example.nl',
      password: 'geheim',
      rememberMe: true,
    });
  });

  it.each([
    ['a missing field', 'auth:sign-in', { email: 'jan@example.nl', password: 'x' }],
    ['a wrong type', 'auth:sign-in', { email: 'jan@example.nl', password: 1, rememberMe: true }],
    ['an extra field', 'notifications:open', { id: 'abc', url: 'file:///etc/passwd' }],
    ['an argument where none is taken', 'state:get', { anything: true }],
    ['a setting the renderer may not set', 'settings:save', { mutedUntil: 0 }],
    ['a bad server URL', 'settings:save', { serverUrl: 'javascript:alert(1)' }],
    ['a chat message too long', 'chat:send', { sessionId: 's', message: 'x'.repeat(5000) }],
    [
      'a support frame on the chat socket',
      'chat:socket-send',
      {
        socketId: 1,
        frame: { type: 'agent_auth' },
      },
    ],
    [
      'a guest frame on the chat socket',
      'chat:socket-send',
      {
        socketId: 1,
        frame: { type: 'guest_auth', sessionId: 's', guestInfo: { name: 'Ab', email: 'a@b.nl' } },
      },
    ],
    ['a chat frame that is not one', 'chat:socket-send', { socketId: 1, frame: '{"type":"auth"}' }],
  ])('refuses and logs %s', async (_what, channel, argument) => {
    const { router, logger, handlers } = setup();
    const result = await router.handle(channel, argument, OWN_PAGE);
    expect(result).toEqual({ ok: false, error: DESKTOP_TEXTS.ipc.refused });
    expect(logger.warn).toHaveBeenCalledWith(
      'ipc refused: malformed argument',
      expect.objectContaining({ channel }),
    );
    expect(handlers[channel as keyof IpcHandlers]).not.toHaveBeenCalled();
  });

  it('refuses an unknown channel and a sender that is not our page', async () => {
    const { router, logger } = setup();
    expect(await router.handle('shell:open', 'https://evil.example', OWN_PAGE)).toMatchObject({
      ok: false,
    });
    expect(logger.warn).toHaveBeenCalledWith('ipc refused: unknown channel', {
      channel: 'shell:open',
    });
    expect(await router.handle('state:get', undefined, 'https://evil.example/')).toMatchObject({
      ok: false,
    });
    expect(logger.warn).toHaveBeenCalledWith('ipc refused: untrusted sender', {
      senderUrl: 'https://evil.example/',
    });
  });

  it('answers a handler failure with its Dutch text, never a stack', async () => {
    const { handlers, logger } = setup();
    handlers['auth:sign-in'] = vi.fn(async () => {
      throw new UserFacingError(DESKTOP_TEXTS.signIn.wrongPassword);
    });
    const again = createIpcRouter(handlers, { logger, isTrustedSender: () => true });
    expect(
      await again.handle('auth:sign-in', { email: 'a@b.nl', password: 'x', rememberMe: false }, ''),
    ).toEqual({ ok: false, error: DESKTOP_TEXTS.signIn.wrongPassword });
  });
});
