/**
 * Parses the `{.eval …}` expressions of a compiled template once, at compile time.
 *
 * The engine parses an expression the first time it executes it and keeps the result on the
 * instruction, reporting a parse error only then. With compiled templates cached across renders
 * that would report a bad expression on the first render only; preparing every expression up
 * front makes the parse errors part of the compiled template, reported on every render (and the
 * engine then finds each expression already parsed).
 */
import type { Code } from '@squarespace/template-engine';
import { Expr } from '@squarespace/template-engine/lib/math';

const EVAL = 23;

/** Where the nested blocks (lists of instructions) and single alternates sit, by opcode. */
const BLOCKS: Record<number, { blocks: number[]; alternate?: number }> = {
  2: { blocks: [2], alternate: 3 }, // SECTION
  4: { blocks: [2, 4], alternate: 3 }, // REPEATED (consequent, alternates-with)
  5: { blocks: [3], alternate: 4 }, // PREDICATE
  7: { blocks: [3], alternate: 4 }, // OR_PREDICATE
  8: { blocks: [3], alternate: 4 }, // IF
  10: { blocks: [2] }, // MACRO
  17: { blocks: [2], alternate: 3 }, // ROOT
  20: { blocks: [2] }, // STRUCT
};

type EvalInstruction = [number, string] & { expr?: Expr; debug?: boolean };

/** Parses every expression in `code` in place; returns `[raw, message]` for each parse error. */
export function prepareExpressions(code: Code): Array<[string, string]> {
  const errors: Array<[string, string]> = [];
  const visit = (inst: unknown): void => {
    if (!Array.isArray(inst) || typeof inst[0] !== 'number') return;
    const opcode = inst[0] as number;
    if (opcode === EVAL && typeof inst[1] === 'string') {
      const node = inst as unknown as EvalInstruction;
      if (node.expr) return;
      const debug = node[1].startsWith('#');
      const raw = debug ? node[1].slice(1) : node[1];
      const expr = new Expr(raw);
      expr.build();
      for (const message of expr.errors) errors.push([raw, message]);
      node.expr = expr;
      node.debug = debug;
      return;
    }
    const shape = BLOCKS[opcode];
    if (!shape) return;
    for (const index of shape.blocks) {
      const block = inst[index];
      if (Array.isArray(block)) for (const child of block) visit(child);
    }
    if (shape.alternate !== undefined) visit(inst[shape.alternate]);
  };
  visit(code);
  return errors;
}
