/**
 * PUT /api/admin/settings {key, value} (ADMIN only): the key picks core's schema its value must
 * pass; the change applies at once (the settings cache is dropped).
 */
import { Router, type RequestHandler } from 'express';
import {
  isSettingKey,
  settingUpdateSchema,
  STRINGS,
  type AdminUpdateSettingResponse,
} from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { rescheduleAllAlerts } from '../../commands/alert-schedule';
import { updateSetting } from '../../commands/settings';
import { currentAuth, requireAdmin } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { validated } from '../../http/validate';

/** An unknown key gets its own message rather than zod's generic "invalid choice". */
const knownKey: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && 'key' in body) {
    const { key } = body as { key: unknown };
    if (!isSettingKey(key)) {
      throw HttpError.badRequest(STRINGS.settings.unknownKey, {
        fields: { key: STRINGS.settings.unknownKey },
      });
    }
  }
  next();
};

export default function adminSettingsRouter(ctx: AppContext): Router {
  const router = Router();

  router.put(
    '/',
    requireAdmin,
    knownKey,
    ...validated({ body: settingUpdateSchema }, async (req, res) => {
      const update = req.input.body;
      const settings = await updateSetting(ctx, update, currentAuth(req).user);
      if (update.key === 'checkIntervals') await rescheduleAllAlerts(ctx, settings);
      const body: AdminUpdateSettingResponse = { key: update.key, value: update.value, settings };
      res.json(body);
    }),
  );

  return router;
}
