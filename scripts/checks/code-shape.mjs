// The shape of the application code (src/, tests beside it excluded), held to ceilings so it does
// not grow back: type assertions (`x as T`, `<T>x`; `as const` is not one: it asserts nothing) and
// functions longer than MAX_FUNCTION_LINES lines. A number under its ceiling is fine; lower the
// ceiling when you bring it down. `node scripts/checks/code-shape.mjs --list` names each one.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const CEILINGS = { casts: 59, longFunctions: 36 };
const MAX_FUNCTION_LINES = 80;

const root = path.resolve(import.meta.dirname, '../..');
const list = process.argv.includes('--list');

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

function functionName(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) return parent.name.getText();
  return '(anonymous)';
}

const casts = [];
const longFunctions = [];
for (const file of sourceFiles(path.join(root, 'src'))) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const where = (node) =>
    `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node) => {
    if ((ts.isAsExpression(node) && node.type.getText() !== 'const') || ts.isTypeAssertionExpression(node))
      casts.push(`${where(node)} as ${node.type.getText()}`);
    if (isFunction(node) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > MAX_FUNCTION_LINES)
        longFunctions.push(`${where(node)} ${functionName(node)}: ${last - first + 1} lines`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (list) for (const line of [...casts, '', ...longFunctions]) console.log(line);
console.log(
  `code shape: ${casts.length} type assertions (ceiling ${CEILINGS.casts}), ` +
    `${longFunctions.length} functions over ${MAX_FUNCTION_LINES} lines (ceiling ${CEILINGS.longFunctions})`,
);
let failed = false;
if (casts.length > CEILINGS.casts) {
  console.error(`More type assertions than the ceiling (${CEILINGS.casts}): check the value instead (zod, a guard).`);
  failed = true;
}
if (longFunctions.length > CEILINGS.longFunctions) {
  console.error(`More long functions than the ceiling (${CEILINGS.longFunctions}): split by what each part does.`);
  failed = true;
}
process.exit(failed ? 1 : 0);
