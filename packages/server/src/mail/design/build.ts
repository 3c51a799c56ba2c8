/**
 * Compiles the MJML design (source.ts) into compiled.ts, which the mails fill at run time:
 * `npm run mail:build -w @prijsalarm/server` after changing source.ts or theme.ts.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { compileDesign } from './compile';

const target = fileURLToPath(new URL('./compiled.ts', import.meta.url));
const design = await compileDesign();
const source = `/** Generated from source.ts by \`npm run mail:build -w @prijsalarm/server\`: do not edit. */
import type { CompiledDesign } from './compile';

export const COMPILED_DESIGN: CompiledDesign = ${JSON.stringify(design, null, 2)};
`;
writeFileSync(target, await format(source, { ...(await resolveConfig(target)), filepath: target }));
console.log(`wrote ${target}`);
