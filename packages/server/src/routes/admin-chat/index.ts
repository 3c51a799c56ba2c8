/**
 * Support's inbox over HTTP: the session list, one conversation, reply, resolve and the
 * agent's online switch. ADMIN only (a guest gets 401, a signed-in non-admin 403), CSRF as every
 * non-read call. The live view comes over /ws/chat (`agent_auth`).
 */
import {
  API_CONTRACT,
  adminChatPresenceSchema,
  adminChatReplySchema,
  idParamsSchema,
} from '@prijsalarm/core';
import {
  agentOnline,
  agentSession,
  isSupportOnline,
  listSessionsForAgents,
  openSessionForAgent,
  postSupportMessage,
  resolveChat,
  setAgentPresence,
} from '../../commands/chat';
import type { AppContext } from '../../context';
import { currentAuth, requireAdmin } from '../../http/auth';
import { route, type BoundRoute } from '../../http/contract-route';
import { presentChatMessage } from '../../presenters/chat';

export default function adminChatRoutes(ctx: AppContext): BoundRoute[] {
  const c = API_CONTRACT.adminChat;
  const before = [requireAdmin];
  return [
    route(c.sessions, { before }, async (req) => {
      const agent = currentAuth(req).user;
      const [sessions, isOnline, mine] = await Promise.all([
        listSessionsForAgents(ctx),
        isSupportOnline(ctx),
        agentOnline(ctx, agent),
      ]);
      return { sessions, isOnline, agentOnline: mine };
    }),

    route(c.session, { before, schemas: { params: idParamsSchema } }, async (req) => {
      const session = await agentSession(ctx, req.input.params.id);
      const { summary, messages } = await openSessionForAgent(ctx, session);
      return { session: summary, messages: messages.map(presentChatMessage) };
    }),

    route(
      c.reply,
      { before, schemas: { params: idParamsSchema, body: adminChatReplySchema } },
      async (req) => {
        const session = await agentSession(ctx, req.input.params.id);
        const message = await postSupportMessage(
          ctx,
          currentAuth(req).user,
          session,
          req.input.body.text,
        );
        return { message: presentChatMessage(message) };
      },
    ),

    route(c.resolve, { before, schemas: { params: idParamsSchema } }, async (req) => {
      const session = await agentSession(ctx, req.input.params.id);
      await resolveChat(ctx, session, 'support', currentAuth(req).user);
      const { summary } = await openSessionForAgent(ctx, session);
      return { session: summary };
    }),

    route(c.presence, { before, schemas: { body: adminChatPresenceSchema } }, async (req) =>
      setAgentPresence(ctx, currentAuth(req).user, req.input.body.online),
    ),
  ];
}
