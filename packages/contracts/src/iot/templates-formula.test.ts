import { describe, expect, it } from 'vitest';
import { translate } from '../messages.ts';
import { compileFormula, evaluateFormula, formulaProblem, parseFormula } from './templates-formula.ts';

const run = (text: string, x: number) => compileFormula(text)(x);
const message = (text: string) => {
  const problem = formulaProblem(text);
  return problem ? translate(problem.key, 'en', problem.params) : null;
};

describe('formula evaluation', () => {
  it('scales the raw value as written', () => {
    expect(run('x * 0.1 + 2', 250)).toBeCloseTo(27);
    expect(run('(x - 2) / 0.1', 27)).toBeCloseTo(250);
    expect(run('x', 7)).toBe(7);
    expect(run('X / 10', 235)).toBeCloseTo(23.5);
  });

  it('follows the usual precedence: products before sums, left to right, parentheses first', () => {
    expect(run('2 + x * 3', 4)).toBe(14);
    expect(run('(2 + x) * 3', 4)).toBe(18);
    expect(run('x - 3 - 2', 10)).toBe(5);
    expect(run('x / 4 / 2', 16)).toBe(2);
    expect(run('x % 4 * 2', 7)).toBe(6);
    expect(run('-x + 1', 5)).toBe(-4);
    expect(run('--x', 5)).toBe(5);
    expect(run('2 * -x', 5)).toBe(-10);
    expect(run('+x', 5)).toBe(5);
  });

  it('reads numbers in decimal, with exponents and in hex', () => {
    expect(run('x * 1e-3', 2500)).toBeCloseTo(2.5);
    expect(run('x + .5', 1)).toBe(1.5);
    expect(run('x & 0xFF', 0x1234)).toBe(0x34);
  });

  it('has bit operators looser than sums, as in C', () => {
    expect(run('x >> 8 & 0xFF', 0x1234)).toBe(0x12);
    expect(run('x & 1 | 4', 3)).toBe(5);
    expect(run('1 << x + 1', 2)).toBe(8);
  });

  it('calls the functions it knows', () => {
    expect(run('abs(x)', -3)).toBe(3);
    expect(run('round(x / 3)', 10)).toBe(3);
    expect(run('floor(x)', 2.7)).toBe(2);
    expect(run('ceil(x)', 2.1)).toBe(3);
    expect(run('sqrt(x)', 16)).toBe(4);
    expect(run('min(x, 100)', 250)).toBe(100);
    expect(run('max(x - 4000, 0) * 1.6 / 16000', 3900)).toBe(0);
    expect(run('pow(x, 2)', 3)).toBe(9);
    expect(run('MAX(x, 1)', 0)).toBe(1);
  });

  it('reports division by zero and overflow as an error value, not a crash', () => {
    const tree = parseFormula('100 / x');
    expect(evaluateFormula(tree, 0)).toEqual({ ok: false, error: 'divisionByZero' });
    expect(evaluateFormula(parseFormula('x % 0'), 5)).toEqual({ ok: false, error: 'divisionByZero' });
    expect(evaluateFormula(parseFormula('sqrt(x)'), -1)).toEqual({ ok: false, error: 'notFinite' });
    expect(evaluateFormula(parseFormula('pow(x, 1000)'), 10)).toEqual({ ok: false, error: 'notFinite' });
    expect(run('100 / x', 0)).toBeNaN();
    expect(evaluateFormula(tree, 4)).toEqual({ ok: true, value: 25 });
  });
});

describe('formula errors name the character at fault', () => {
  it('refuses what is not part of the language', () => {
    expect(message('x * 0.1 )')).toBe("Formula error at character 9: unexpected ')'");
    expect(message('x ^ 2')).toBe("Formula error at character 3: unexpected '^'");
    expect(message('2x')).toBe("Formula error at character 2: unexpected 'x'");
    expect(message('x * * 2')).toBe("Formula error at character 5: unexpected '*'");
    expect(message('x;1')).toBe("Formula error at character 2: unexpected ';'");
    expect(message('abs x')).toBe("Formula error at character 5: unexpected 'x'");
  });

  it('refuses a formula that stops too early', () => {
    expect(message('x *')).toBe('Formula error at character 4: the formula ends too early');
    expect(message('(x + 1')).toBe('Formula error at character 7: the formula ends too early');
  });

  it('refuses unknown names, wrong argument counts, a formula without x, and an overlong one', () => {
    expect(message('y * 2')).toBe("Formula error at character 1: unknown name 'y' (use x for the raw value)");
    expect(message('x + process')).toBe(
      "Formula error at character 5: unknown name 'process' (use x for the raw value)",
    );
    expect(message('x + constructor(1)')).toBe(
      "Formula error at character 5: unknown name 'constructor' (use x for the raw value)",
    );
    expect(message('min(x)')).toBe('Formula error at character 1: min takes 2 argument(s)');
    expect(message('abs(x, 1)')).toBe('Formula error at character 1: abs takes 1 argument(s)');
    expect(message('10 * 2')).toBe('Formula error at character 1: the formula must use the raw value x');
    expect(message(`x${' + 1'.repeat(60)}`)).toBe(
      'Formula error at character 201: a formula has at most 200 characters',
    );
  });

  it('takes an empty formula as none', () => {
    expect(formulaProblem('')).toBeNull();
    expect(formulaProblem('  ')).toBeNull();
    expect(formulaProblem(null)).toBeNull();
    expect(formulaProblem('x*0.01')).toBeNull();
  });
});
