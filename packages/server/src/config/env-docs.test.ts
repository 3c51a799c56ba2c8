/**
 * deploy/CONFIGURATION.md and deploy/.env.example are written from the environment's schema
 * (env-docs.ts): they must say what the code reads. After changing a variable, run
 * `npm run docs:env` and commit the files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { environmentVariables } from './env';
import { configurationMarkdown, envDocs, envExample } from './env-docs';

describe('the configuration documents', () => {
  const files = Object.entries(envDocs()).map(([file, text]) => [path.basename(file), file, text]);
  it.each(files)('deploy/%s is what `npm run docs:env` writes', (name, file, expected) => {
    const committed = readFileSync(file, 'utf8');
    expect(committed, `${name} is stale: run npm run docs:env`).toBe(expected);
  });

  it('lists every variable with its default, in the table and in .env.example', () => {
    const variables = environmentVariables();
    const table = configurationMarkdown(variables);
    const example = envExample(variables);
    for (const { name } of variables) {
      expect(table).toContain(`| \`${name}\` |`);
      expect(example).toMatch(new RegExp(`^# ${name}=`, 'm'));
    }
    expect(table).toContain('| `PORT` | `3000` |');
    expect(example).toContain('# SERVICES=web,worker,scheduler');
  });
});
