/**
 * deploy/CONFIGURATION.md and deploy/.env.example, written from the environment's schema
 * (env.ts: each variable's `.describe()` text and default), so the documentation is the code's.
 * `npm run docs:env` writes them; env-docs.test.ts fails while the committed files differ.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { environmentVariables, type VariableDoc } from './env';
import { SERVER_DIR } from './paths';

const DEPLOY_DIR = path.join(SERVER_DIR, '..', '..', 'deploy');

const GENERATED =
  'Generated from packages/server/src/config/env.ts by `npm run docs:env`: edit the descriptions there, not here.';

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function configurationMarkdown(variables: readonly VariableDoc[]): string {
  const rows = variables.map(
    (variable) =>
      `| \`${variable.name}\` | ${variable.default === null ? '–' : `\`${cell(variable.default)}\``} | ${cell(variable.description)} |`,
  );
  return [
    '# Configuration',
    '',
    `<!-- ${GENERATED} -->`,
    '',
    'Every setting is an environment variable, read once at start. A bad value stops the process',
    'with a message naming the variable; an empty variable (`FOO=` in a compose file) counts as',
    'unset. `.env.example` beside this file lists them all with their defaults; the compose files',
    'read `.env` (see README.md here for what each topology sets itself).',
    '',
    '| Variable | Default | What it does |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

export function envExample(variables: readonly VariableDoc[]): string {
  const entries = variables.map((variable) =>
    [`# ${variable.description}`, `# ${variable.name}=${variable.default ?? ''}`].join('\n'),
  );
  return [
    `# Prijsalarm's settings, each with its default (commented out). ${GENERATED}`,
    '# Copy to deploy/.env and set what your installation needs; CONFIGURATION.md explains them.',
    '',
    entries.join('\n\n'),
    '',
    "# deploy/compose.yaml's own, not the server's: the password of the MariaDB user it creates",
    '# (DATABASE_URL is set there from it).',
    '# MARIADB_PASSWORD=',
    '',
  ].join('\n');
}

export const ENV_DOC_FILES = {
  configuration: path.join(DEPLOY_DIR, 'CONFIGURATION.md'),
  envExample: path.join(DEPLOY_DIR, '.env.example'),
};

/** What the files must hold, by path. */
export function envDocs(): Record<string, string> {
  const variables = environmentVariables();
  return {
    [ENV_DOC_FILES.configuration]: configurationMarkdown(variables),
    [ENV_DOC_FILES.envExample]: envExample(variables),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const [file, text] of Object.entries(envDocs())) {
    writeFileSync(file, text);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
}
