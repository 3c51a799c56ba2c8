/**
 * Settings and capabilities: public settings, the caller's capabilities (the guest profile when
 * anonymous), one feature's status, and the user's UI preferences. The admin's PUT /admin/settings
 * is with the admin routes.
 */
import type { Request } from 'express';
import { API_CONTRACT, isFeatureName, preferencesSchema, SETTINGS_TEXTS } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { capabilitiesFor, featureStatusFor, servedSettings } from '../../commands/capabilities';
import { savePreferences } from '../../commands/settings';
import { loadSettings } from '../../models/current-settings';
import { currentAuth, requireUser } from '../../http/auth';
import { route, type BoundRoute } from '../../http/contract-route';
import { HttpError } from '../../http/errors';

export default function settingsRoutes(ctx: AppContext): BoundRoute[] {
  const { settings } = API_CONTRACT;
  const callerCapabilities = (req: Request) => capabilitiesFor(ctx, req.auth?.user ?? null);
  return [
    route(settings.public, async () => servedSettings(ctx, await loadSettings(ctx))),

    route(settings.userCapabilities, callerCapabilities),
    route(settings.enhancedUserCapabilities, callerCapabilities),

    route(settings.feature, async (req) => {
      const feature = req.params.name;
      if (!isFeatureName(feature)) throw HttpError.notFound(SETTINGS_TEXTS.unknownFeature);
      return featureStatusFor(ctx, req.auth?.user ?? null, feature);
    }),

    route(settings.enhanced, async (req) => {
      const user = req.auth?.user ?? null;
      const current = servedSettings(ctx, await loadSettings(ctx));
      return {
        settings: current,
        capabilities: await capabilitiesFor(ctx, user, { settings: current }),
        preferences: { ...(user?.preferences ?? {}) },
      };
    }),

    route(
      settings.updatePreferences,
      { before: [requireUser], schemas: { body: preferencesSchema } },
      async (req) => ({
        preferences: await savePreferences(currentAuth(req).user, req.input.body),
      }),
    ),
  ];
}
