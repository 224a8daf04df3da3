/**
 * The formula language of data points (acquisition `x * 0.1 + 2`, inverse `(x - 2) / 0.1`): numbers
 * (decimal, `1.5e-3`, hex `0xFF`), `x` the raw value, `+ - * / %`, parentheses, unary minus, the bit
 * operators `& | << >>` for status words, and the functions of FORMULA_FUNCTIONS. A formula is
 * parsed once into a tree and evaluated by walking it: never `eval` or `new Function`, so that a
 * formula typed by a user can compute and nothing else. Shared by the server (checked on save, run
 * by the gateway) and the web (checked as the user types).
 */

export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'x' }
  | { kind: 'negate'; operand: FormulaNode }
  | { kind: 'binary'; op: BinaryOp; left: FormulaNode; right: FormulaNode }
  | { kind: 'call'; name: FormulaFunction; args: FormulaNode[] };

type BinaryOp = '+' | '-' | '*' | '/' | '%' | '&' | '|' | '<<' | '>>';

/** The functions a formula may call, with how many arguments each takes. */
export const FORMULA_FUNCTIONS = {
  abs: 1,
  round: 1,
  floor: 1,
  ceil: 1,
  sqrt: 1,
  min: 2,
  max: 2,
  pow: 2,
} as const;
export type FormulaFunction = keyof typeof FORMULA_FUNCTIONS;

/** The longest formula accepted; it also bounds the parser's recursion. */
export const FORMULA_MAX_LENGTH = 200;

/** Why a formula was refused: a catalogue key, and the 1-based character it points at. */
export interface FormulaProblem {
  key:
    | 'template.formula.unexpected'
    | 'template.formula.end'
    | 'template.formula.unknownName'
    | 'template.formula.arity'
    | 'template.formula.noX'
    | 'template.formula.tooLong';
  params: { at: number; token?: string; name?: string; count?: number; max?: number };
}

export class FormulaError extends Error {
  readonly problem: FormulaProblem;
  constructor(problem: FormulaProblem) {
    super(`${problem.key} at ${problem.params.at}`);
    this.name = 'FormulaError';
    this.problem = problem;
  }
}

interface Token {
  type: 'number' | 'name' | 'op' | 'end';
  text: string;
  /** 0-based offset in the formula. */
  pos: number;
  value?: number;
}

const OPERATORS = ['<<', '>>', '+', '-', '*', '/', '%', '&', '|', '(', ')', ','];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const rest = text.slice(i);
    const hex = /^0[xX][0-9a-fA-F]+/.exec(rest);
    const dec = hex ? null : /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(rest);
    const number = hex ?? dec;
    if (number) {
      tokens.push({ type: 'number', text: number[0], pos: i, value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (name) {
      tokens.push({ type: 'name', text: name[0], pos: i });
      i += name[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => rest.startsWith(o));
    if (!op) throw new FormulaError({ key: 'template.formula.unexpected', params: { at: i + 1, token: c } });
    tokens.push({ type: 'op', text: op, pos: i });
    i += op.length;
  }
  tokens.push({ type: 'end', text: '', pos: text.length });
  return tokens;
}

/** Binary operators by precedence, loosest first, as in C: `|`, `&`, shifts, sums, products. */
const LEVELS: BinaryOp[][] = [['|'], ['&'], ['<<', '>>'], ['+', '-'], ['*', '/', '%']];

class Parser {
  private i = 0;
  usesX = false;
  private readonly tokens: Token[];
  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  private peek(): Token {
    return this.tokens[this.i] as Token;
  }

  private unexpected(token: Token): FormulaError {
    return token.type === 'end'
      ? new FormulaError({ key: 'template.formula.end', params: { at: token.pos + 1 } })
      : new FormulaError({ key: 'template.formula.unexpected', params: { at: token.pos + 1, token: token.text } });
  }

  private expect(text: string): void {
    const token = this.peek();
    if (token.type !== 'op' || token.text !== text) throw this.unexpected(token);
    this.i++;
  }

  parse(): FormulaNode {
    const node = this.binary(0);
    const rest = this.peek();
    if (rest.type !== 'end') throw this.unexpected(rest);
    return node;
  }

  private binary(level: number): FormulaNode {
    const ops = LEVELS[level];
    if (!ops) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const token = this.peek();
      const op = ops.find((o) => token.type === 'op' && token.text === o);
      if (!op) return left;
      this.i++;
      left = { kind: 'binary', op, left, right: this.binary(level + 1) };
    }
  }

  private unary(): FormulaNode {
    const token = this.peek();
    if (token.type === 'op' && (token.text === '-' || token.text === '+')) {
      this.i++;
      const operand = this.unary();
      return token.text === '-' ? { kind: 'negate', operand } : operand;
    }
    return this.primary();
  }

  private primary(): FormulaNode {
    const token = this.peek();
    if (token.type === 'number') {
      this.i++;
      return { kind: 'number', value: token.value as number };
    }
    if (token.type === 'op' && token.text === '(') {
      this.i++;
      const inner = this.binary(0);
      this.expect(')');
      return inner;
    }
    if (token.type === 'name') {
      this.i++;
      if (token.text === 'x' || token.text === 'X') {
        this.usesX = true;
        return { kind: 'x' };
      }
      const name = token.text.toLowerCase();
      if (!Object.hasOwn(FORMULA_FUNCTIONS, name)) {
        throw new FormulaError({
          key: 'template.formula.unknownName',
          params: { at: token.pos + 1, name: token.text },
        });
      }
      const fn = name as FormulaFunction;
      this.expect('(');
      const args: FormulaNode[] = [];
      if (!(this.peek().type === 'op' && this.peek().text === ')')) {
        args.push(this.binary(0));
        while (this.peek().type === 'op' && this.peek().text === ',') {
          this.i++;
          args.push(this.binary(0));
        }
      }
      this.expect(')');
      if (args.length !== FORMULA_FUNCTIONS[fn]) {
        throw new FormulaError({
          key: 'template.formula.arity',
          params: { at: token.pos + 1, name: fn, count: FORMULA_FUNCTIONS[fn] },
        });
      }
      return { kind: 'call', name: fn, args };
    }
    throw this.unexpected(token);
  }
}

/** Parses a formula into its tree, or throws a FormulaError naming the character at fault. */
export function parseFormula(text: string): FormulaNode {
  if (text.length > FORMULA_MAX_LENGTH) {
    throw new FormulaError({
      key: 'template.formula.tooLong',
      params: { at: FORMULA_MAX_LENGTH + 1, max: FORMULA_MAX_LENGTH },
    });
  }
  const parser = new Parser(tokenize(text));
  const tree = parser.parse();
  // A formula without x gives the same number whatever the device reads: always a slip.
  if (!parser.usesX) throw new FormulaError({ key: 'template.formula.noX', params: { at: 1 } });
  return tree;
}

/** What is wrong with a formula, or null when it is sound; an empty formula is none at all. */
export function formulaProblem(text: string | null | undefined): FormulaProblem | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  try {
    parseFormula(text);
    return null;
  } catch (error) {
    if (error instanceof FormulaError) return error.problem;
    throw error;
  }
}

/** The outcome of one evaluation: a finite number, or why there is none (never a thrown error). */
export type FormulaResult = { ok: true; value: number } | { ok: false; error: 'divisionByZero' | 'notFinite' };

class EvaluationFailed {
  readonly error: 'divisionByZero' | 'notFinite';
  constructor(error: 'divisionByZero' | 'notFinite') {
    this.error = error;
  }
}

function walk(node: FormulaNode, x: number): number {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'x':
      return x;
    case 'negate':
      return -walk(node.operand, x);
    case 'call': {
      // No array per call: a formula runs for every value of every poll.
      const first = node.args[0];
      const second = node.args[1];
      const a = first ? walk(first, x) : 0;
      const b = second ? walk(second, x) : 0;
      switch (node.name) {
        case 'abs':
          return Math.abs(a);
        case 'round':
          return Math.round(a);
        case 'floor':
          return Math.floor(a);
        case 'ceil':
          return Math.ceil(a);
        case 'sqrt':
          return Math.sqrt(a);
        case 'min':
          return Math.min(a, b);
        case 'max':
          return Math.max(a, b);
        case 'pow':
          return a ** b;
      }
      return Number.NaN;
    }
    case 'binary': {
      const a = walk(node.left, x);
      const b = walk(node.right, x);
      switch (node.op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
        case '%':
          if (b === 0) throw new EvaluationFailed('divisionByZero');
          return node.op === '/' ? a / b : a % b;
        // Bit operators work on 32-bit integers, as status words are read.
        case '&':
          return a & b;
        case '|':
          return a | b;
        case '<<':
          return a << b;
        case '>>':
          return a >> b;
      }
    }
  }
}

/** Evaluates a parsed formula for one raw value. */
export function evaluateFormula(tree: FormulaNode, x: number): FormulaResult {
  try {
    const value = walk(tree, x);
    return Number.isFinite(value) ? { ok: true, value } : { ok: false, error: 'notFinite' };
  } catch (error) {
    if (error instanceof EvaluationFailed) return { ok: false, error: error.error };
    throw error;
  }
}

/**
 * Compiles a formula once for the gateway: the function gives the computed value, or NaN when the
 * value cannot be computed for this x (division by zero, overflow), which the gateway reports as a
 * failed collection. Throws a FormulaError for a formula that does not parse.
 */
export function compileFormula(text: string): (x: number) => number {
  const tree = parseFormula(text);
  // As evaluateFormula, without its result object: this runs for every value of every poll.
  return (x) => {
    try {
      const value = walk(tree, x);
      return Number.isFinite(value) ? value : Number.NaN;
    } catch (error) {
      if (error instanceof EvaluationFailed) return Number.NaN;
      throw error;
    }
  };
}
