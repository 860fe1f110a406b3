import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * React calls whatever an effect's callback returns as its cleanup unless it is undefined. An effect
 * that returns a value that is not a function blanks the app in React's commit phase ("l is not a
 * function", issue 22: newer Chromium's scrollIntoView returns a Promise). This check reads web/
 * and widgets/ with the type checker and requires every value a useEffect / useLayoutEffect /
 * useInsertionEffect callback returns to be undefined or a function.
 *
 * A call typed `void` is refused too when its value is returned: `void` in a declaration does not
 * promise undefined at run time (lib.dom's scrollIntoView is `void` and returns a Promise in
 * Chromium 153, a state setter's `void` is whatever React's version returns). Write `void f()` or
 * a block body instead.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = fileURLToPath(new URL('../fixtures/effects', import.meta.url));
const EFFECT_HOOKS = new Set(['useEffect', 'useLayoutEffect', 'useInsertionEffect']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function compilerOptions(): ts.CompilerOptions {
  const file = ts.readConfigFile(join(root, 'tsconfig.json'), (p) => ts.sys.readFile(p));
  return { ...ts.parseJsonConfigFileContent(file.config, ts.sys, root).options, noEmit: true };
}

function hookName(call: ts.CallExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return EFFECT_HOOKS.has(callee.text) ? callee.text : null;
  if (ts.isPropertyAccessExpression(callee)) return EFFECT_HOOKS.has(callee.name.text) ? callee.name.text : null;
  return null;
}

/** The expressions a function returns: its concise body, or its `return x` statements (not those of nested functions). */
function returnedExpressions(fn: ts.ArrowFunction | ts.FunctionExpression): ts.Expression[] {
  if (!ts.isBlock(fn.body)) return [fn.body];
  const out: ts.Expression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) out.push(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return out;
}

/** Why a returned type is not a cleanup, or null when it is undefined or a function (in every branch). */
function badType(checker: ts.TypeChecker, type: ts.Type, voidAllowed: boolean): string | null {
  if (type.isUnion()) {
    for (const t of type.types) {
      const bad = badType(checker, t, voidAllowed);
      if (bad) return t.flags & ts.TypeFlags.Void ? bad : checker.typeToString(type);
    }
    return null;
  }
  if (type.flags & ts.TypeFlags.Undefined) return null;
  if (type.flags & ts.TypeFlags.Void)
    return voidAllowed ? null : 'the value of a call typed void (may be anything at run time)';
  if (type.flags & ts.TypeFlags.Never) return null;
  if (type.getCallSignatures().length > 0) return null;
  return checker.typeToString(type);
}

/** One offending effect: where it is, which hook, and what it returns. */
export interface BadEffect {
  file: string;
  line: number;
  hook: string;
  returns: string;
}

/** Every effect in `files` whose callback may return something other than undefined or a function. */
export function findBadEffects(files: string[], base: string): BadEffect[] {
  const program = ts.createProgram(files, compilerOptions());
  const checker = program.getTypeChecker();
  const wanted = new Set(files.map((f) => ts.sys.resolvePath(f)));
  const found: BadEffect[] = [];
  for (const sf of program.getSourceFiles()) {
    if (!wanted.has(ts.sys.resolvePath(sf.fileName))) continue;
    const report = (node: ts.Node, hook: string, returns: string) =>
      found.push({
        file: relative(base, sf.fileName),
        line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
        hook,
        returns,
      });
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const hook = hookName(node);
        const callback = node.arguments[0];
        if (hook && callback) {
          if (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback)) {
            for (const expr of returnedExpressions(callback)) {
              const bad = badType(checker, checker.getTypeAtLocation(expr), false);
              if (bad) report(expr, hook, bad);
            }
          } else {
            // A function passed by name: its declared return type.
            const type = checker.getTypeAtLocation(callback);
            if (type.flags & ts.TypeFlags.Any) report(callback, hook, 'any');
            for (const sig of type.getCallSignatures()) {
              const bad = badType(checker, checker.getReturnTypeOfSignature(sig), true);
              if (bad) report(callback, hook, bad);
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

describe('effects return nothing or a cleanup', () => {
  it('flags an effect returning a Promise, a boolean, a number, null, any or a void call; passes undefined and cleanups', () => {
    const bad = findBadEffects(sources(fixtures), fixtures);
    const lines = (name: string) => bad.filter((b) => b.file === name).map((b) => `${b.line} ${b.hook}: ${b.returns}`);
    expect(lines('good.tsx')).toEqual([]);
    expect(lines('bad.tsx')).toEqual([
      '8 useEffect: Promise<void>',
      '11 useEffect: the value of a call typed void (may be anything at run time)',
      '14 useLayoutEffect: boolean',
      '16 useInsertionEffect: 1',
      '18 useEffect: null',
      '20 useEffect: the value of a call typed void (may be anything at run time)',
      '22 useEffect: any',
      '24 useEffect: any',
    ]);
  }, 60_000);

  it('finds no such effect in web/ and widgets/', () => {
    const files = [...sources(join(root, 'web')), ...sources(join(root, 'widgets/src'))];
    expect(files.length).toBeGreaterThan(100);
    expect(findBadEffects(files, root)).toEqual([]);
  }, 120_000);
});
