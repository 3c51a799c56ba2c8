/**
 * Fills the compiled design: each block and snippet is split once at its `{{slots}}`, and a mail
 * joins the pieces with its values, escaped unless they are markup of ours (html.ts). This is
 * the whole per-mail cost of the MJML design.
 */
import { htmlOf, SafeHtml } from '../html';
import { COMPILED_DESIGN } from './compiled';
import type { BLOCK_SLOTS } from './source';
import { SNIPPETS, type BlockName, type SHELL_SLOTS, type SnippetName } from './source';

type Values<S extends string> = Record<S, unknown>;

function slotted<S extends string>(markup: string): (values: Values<S>) => SafeHtml {
  const pieces = markup.split(/\{\{(\w+)\}\}/);
  return (values) => {
    let out = pieces[0]!;
    for (let index = 1; index < pieces.length; index += 2) {
      out += htmlOf(values[pieces[index] as S]) + pieces[index + 1]!;
    }
    return new SafeHtml(out);
  };
}

/** The slot names written in a snippet, read from its literal type. */
type SlotsOf<T extends string> = T extends `${string}{{${infer Slot}}}${infer Rest}`
  ? Slot | SlotsOf<Rest>
  : never;

type BlockSlots<N extends BlockName> = (typeof BLOCK_SLOTS)[N][number];
type SnippetSlots<N extends SnippetName> = SlotsOf<(typeof SNIPPETS)[N]>;

const blocks = Object.fromEntries(
  Object.entries(COMPILED_DESIGN.blocks).map(([name, markup]) => [name, slotted(markup)]),
) as Record<BlockName, (values: Values<string>) => SafeHtml>;

const snippets = Object.fromEntries(
  Object.entries(SNIPPETS).map(([name, markup]) => [name, slotted(markup)]),
) as Record<SnippetName, (values: Values<string>) => SafeHtml>;

const shell = slotted<(typeof SHELL_SLOTS)[number]>(COMPILED_DESIGN.shell);

/** A row of a mail's body (paragraph, button, ad list, …). */
export function block<N extends BlockName>(name: N, values: Values<BlockSlots<N>>): SafeHtml {
  return blocks[name](values);
}

/** Inline markup inside a block (a link, an ad, a price, …). */
export function snippet<N extends SnippetName>(name: N, values: Values<SnippetSlots<N>>): SafeHtml {
  return snippets[name](values);
}

/** The whole document around a body. */
export function page(values: Values<(typeof SHELL_SLOTS)[number]>): string {
  return shell(values).value;
}
