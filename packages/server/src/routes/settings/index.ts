/**
 * Settings and capabilities (spec §7 Settings), mounted at /api: public settings, the caller's
 * capabilities (the guest profile when anonymous), one feature's status, and the user's UI
 * preferences.
 */
import { Router } from 'express';
import {
  isFeatureName,
  preferencesSchema,
  requiredPlansFor,
  STRINGS,
  type EnhancedSettingsResponse,
  type FeatureStatusResponse,
  type PreferencesResponse,
} from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { capabilitiesFor } from '../../commands/capabilities';
import { loadSettings } from '../../models/current-settings';
import { currentAuth, requireUser } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { validated } from '../../http/validate';

export default function settingsRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/settings/public', async (_req, res) => {
    res.json(await loadSettings(ctx));
  });

  router.get(['/user-capabilities', '/enhanced/settings/user-capabilities'], async (req, res) => {
    res.json(await capabilitiesFor(ctx, req.auth?.user ?? null));
  });

  router.get('/enhanced/settings/feature/:name', async (req, res) => {
    const feature = req.params.name;
    if (!isFeatureName(feature)) throw HttpError.notFound(STRINGS.settings.unknownFeature);
    const capabilities = await capabilitiesFor(ctx, req.auth?.user ?? null);
    const body: FeatureStatusResponse = {
      feature,
      enabled: capabilities.features[feature],
      requiredPlans: requiredPlansFor(feature),
    };
    res.json(body);
  });

  router.get('/enhanced/settings/enhanced', async (req, res) => {
    const user = req.auth?.user ?? null;
    const settings = await loadSettings(ctx);
    const body: EnhancedSettingsResponse = {
      settings,
      capabilities: await capabilitiesFor(ctx, user, { settings }),
      preferences: { ...(user?.preferences ?? {}) },
    };
    res.json(body);
  });

  router.put(
    '/enhanced/settings/preferences',
    requireUser,
    ...validated({ body: preferencesSchema }, async (req, res) => {
      const { user } = currentAuth(req);
      // PUT replaces the whole set: what the client sends is what it keeps.
      await user.update({ preferences: req.input.body });
      const body: PreferencesResponse = { preferences: { ...user.preferences } };
      res.json(body);
    }),
  );

  return router;
}
