/**
 * MJML → the compiled design: the shell with a `{{body}}` slot, and each block cut out of the
 * body's example. Run by the build (build.ts) and the design test only; mjml is a dev dependency.
 */
import mjml2html from 'mjml';
import { BLOCK_SLOTS, MJML_DOCUMENT, SHELL_SLOTS, type BlockName } from './source';

export interface CompiledDesign {
  shell: string;
  blocks: Record<BlockName, string>;
}

const BODY = /<!--pa:body-->([\s\S]*)<!--\/pa:body-->/;
const BLOCK_MARKER = /<!--pa:(\w+)-->/;

/** The slot names in a piece of markup, each once, in order. */
export function slotsOf(markup: string): string[] {
  return [...new Set([...markup.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!))];
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item) => b.includes(item));
}

export async function compileDesign(): Promise<CompiledDesign> {
  const result = await mjml2html(MJML_DOCUMENT, {
    validationLevel: 'strict',
    keepComments: true,
    minify: true,
    minifyOptions: { minifyCss: false, removeEmptyAttributes: false },
    fonts: {},
  });
  const html = result.html;
  const body = BODY.exec(html);
  if (!body) throw new Error('The MJML document has no <!--pa:body--> region');
  const shell = html.replace(BODY, '{{body}}');
  if (!sameSet(slotsOf(shell), SHELL_SLOTS)) {
    throw new Error(`The shell's slots are ${slotsOf(shell).join(', ')}`);
  }

  const pieces = body[1]!.split(BLOCK_MARKER);
  const blocks: Partial<Record<BlockName, string>> = {};
  for (let index = 1; index < pieces.length; index += 2) {
    const name = pieces[index] as BlockName;
    const markup = pieces[index + 1]!.trim();
    if (!(name in BLOCK_SLOTS)) throw new Error(`Unknown block ${name}`);
    if (!sameSet(slotsOf(markup), BLOCK_SLOTS[name])) {
      throw new Error(`Block ${name} has the slots ${slotsOf(markup).join(', ')}`);
    }
    blocks[name] = markup;
  }
  const missing = Object.keys(BLOCK_SLOTS).filter((name) => !(name in blocks));
  if (missing.length > 0) throw new Error(`Blocks missing from the MJML: ${missing.join(', ')}`);
  return { shell, blocks: blocks as Record<BlockName, string> };
}
