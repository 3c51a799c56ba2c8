/**
 * The zod schema of a cross-tab message (./crossTab): what another tab sends is checked before
 * this tab follows it. A module of its own, loaded by the bus when it starts.
 */
import { z } from 'zod';
import { PLANS, ROLES } from '../domain';

/** A logged-in user as another tab sends it: what auth needs is checked, the rest is kept. */
const crossTabUserSchema = z.looseObject({
  email: z.string(),
  plan: z.enum(PLANS),
  role: z.enum(ROLES),
});

const envelope = { timestamp: z.number().finite(), tabId: z.string().min(1) };

export const crossTabMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('AUTH_LOGIN'),
    payload: z.object({ user: crossTabUserSchema, csrfToken: z.string().min(1) }),
    ...envelope,
  }),
  z.object({ type: z.literal('AUTH_LOGOUT'), payload: z.null(), ...envelope }),
  z.object({
    type: z.literal('PLAN_CHANGE'),
    payload: z.object({ plan: z.enum(PLANS) }),
    ...envelope,
  }),
  z.object({
    type: z.literal('SESSION_REFRESH'),
    payload: z.object({ csrfToken: z.string().min(1) }),
    ...envelope,
  }),
]);

export type CrossTabMessage = z.infer<typeof crossTabMessageSchema>;

/** A message from another tab, or `null` for garbage and for this tab's own messages. */
export function parseCrossTabMessage(data: unknown, ownTabId: string): CrossTabMessage | null {
  const result = crossTabMessageSchema.safeParse(data);
  if (!result.success || result.data.tabId === ownTabId) return null;
  return result.data;
}
