#!/bin/bash
# Re-applies the issue-8 import moves (idempotent); run from packages/server/src.
set -e
sed -i "s#import { manageUrlOf } from '../presenters/alert';#import { manageUrlOf } from '../security/alert-links';#" delivery/email.ts delivery/email.test.ts
sed -i "s#import { manageUrlOf, refreshUrlOf } from '../presenters/alert';#import { manageUrlOf, refreshUrlOf } from '../security/alert-links';#" engine/scheduler.ts
sed -i "s#import { centsToEuros, eurosToCents, manageUrlOf } from '../presenters/alert';#import { manageUrlOf } from '../security/alert-links';#" commands/alerts.ts
grep -q "centsToEuros," commands/alerts.ts && ! grep -q "^  centsToEuros,$" commands/alerts.ts && true
sed -i "s#import { presentAlert, refreshUrlOf } from '../../presenters/alert';#import { presentAlert } from '../../presenters/alert';\nimport { refreshUrlOf } from '../../security/alert-links';#" routes/alerts/index.ts
sed -i "s#import { loadSettings } from '../commands/settings';#import { loadSettings } from '../models/current-settings';#" engine/check-search.ts
sed -i "s#import { loadSettings } from './settings';#import { loadSettings } from '../models/current-settings';#" commands/capabilities.ts commands/alerts.ts
grep -rl "import { loadSettings } from '../../commands/settings';" routes | xargs -r sed -i "s#import { loadSettings } from '../../commands/settings';#import { loadSettings } from '../../models/current-settings';#"
