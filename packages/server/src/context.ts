/**
 * What every part of the server is built from: routes, services and commands take this one object
 * instead of importing singletons, so tests build their own.
 */
import type { Sequelize } from 'sequelize';
import type { Config } from './config/env';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { Models } from './models';
import type { TokenService } from './security/tokens';

export interface AppContext {
  config: Config;
  logger: Logger;
  sequelize: Sequelize;
  models: Models;
  mailer: Mailer;
  tokens: TokenService;
}
