/**
 * Finds user-visible text written in the code instead of the catalogues
 * (docs/contributing.md#texts-and-languages): used by `literals.test.ts`, so that a screen
 * cannot show an English sentence to a Spanish or French school. Test-only code.
 */
import ts from 'typescript';

/** JSX attributes whose string is shown to people or read by a screen reader. */
export const TEXT_ATTRIBUTES = new Set([
  'label',
  'placeholder',
  'aria-label',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'alt',
  'header',
  'subHeader',
  'message',
  'helperText',
  'errorText',
  'cancelText',
  'okText',
  'doneText',
  'text',
  'heading',
  'emptyText',
  'loadingText',
]);

/** Object properties whose string is shown to people (toasts, alerts, buttons, chart labels). */
export const TEXT_PROPERTIES = new Set(['message', 'header', 'subHeader', 'text', 'label', 'placeholder', 'title', 'heading', 'ariaLabel']);

/** A catalogue key such as `route.profile` or `assessment.submit`: not text. */
const KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;
/** Text is anything with a letter in it. */
const LETTER = /\p{L}/u;
/** Prose: two words or more (`'Failed to save settings'`, `'just now'`), wherever the string is. */
const PROSE = /\p{L}[\p{L}'’-]*[,.!?:;]?\s+[—–-]?\s*\p{L}/u;
/** A list of CSS classes (`'chat-message chat-message--own'`): not text. */
const CLASS_LIST = /^[a-z][a-z0-9_]*(-[a-z0-9_]+)+( [a-z][a-z0-9_-]*)*$|^([a-z][a-z0-9_-]* )*[a-z][a-z0-9_]*(-[a-z0-9_]+)+$/;
/** Calls whose strings are for developers: the console, errors, media queries, selectors. */
const DEVELOPER_CALL = /(^console\.|Error$|matchMedia$|querySelector(All)?$|^describe$|^it$|^test$)/;
/** Written on the line before, or on the same line, exempts one literal with a reason: `// i18n-exempt: a CSS class`. */
const EXEMPT = /i18n-exempt:\s*\S/;

/** One literal found. */
export interface Literal {
  file: string;
  /** 1-based */
  line: number;
  text: string;
}

function isText(text: string): boolean {
  const trimmed = text.trim();
  return LETTER.test(trimmed) && !KEY.test(trimmed);
}

/** The user-visible literals in one source file (`.ts` or `.tsx`). */
export function findLiterals(file: string, source: string): Literal[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lines = source.split('\n');
  const found: Literal[] = [];
  const report = (node: ts.Node, text: string) => {
    markLiterals(node);
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
    if (EXEMPT.test(lines[line] ?? '') || EXEMPT.test(lines[line - 1] ?? '')) return;
    found.push({ file, line: line + 1, text: text.trim().slice(0, 80) });
  };
  // the string literals inside a reported node are reported with it, not again on their own.
  const markLiterals = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) reported.add(node.getStart(sf));
    ts.forEachChild(node, markLiterals);
  };
  const literalText = (node: ts.Node | undefined): string | null => {
    if (!node) return null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
    if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
    if (ts.isConditionalExpression(node)) {
      const a = literalText(node.whenTrue);
      const b = literalText(node.whenFalse);
      return [a, b].filter((x) => x !== null && isText(x)).join(' ') || null;
    }
    if (
      ts.isBinaryExpression(node) &&
      (node.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
        node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    ) {
      return literalText(node.right);
    }
    return null;
  };
  const reported = new Set<number>();
  const isClassName = (node: ts.Node): boolean => {
    for (let p: ts.Node | undefined = node.parent; p && !ts.isSourceFile(p); p = p.parent) {
      if (ts.isJsxAttribute(p)) return p.name.getText(sf) === 'className';
      if (ts.isPropertyAssignment(p) && p.name.getText(sf) === 'className') return true;
      if (ts.isVariableDeclaration(p) || ts.isCallExpression(p)) return ts.isCallExpression(p) && /^(clsx|classNames|cx)$/.test(p.expression.getText(sf));
    }
    return false;
  };
  const isProse = (node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral): boolean => {
    const text = node.text.trim();
    if (!PROSE.test(text) || CLASS_LIST.test(text) || KEY.test(text)) return false;
    const parent = node.parent;
    if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent) || ts.isExternalModuleReference(parent)) return false;
    if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && DEVELOPER_CALL.test(parent.expression.getText(sf))) return false;
    return !isClassName(node);
  };
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !reported.has(node.getStart(sf)) && isProse(node)) {
      reported.add(node.getStart(sf));
      report(node, node.text);
    }
    if (ts.isJsxText(node)) {
      if (isText(node.text)) report(node, node.text);
    } else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const text = literalText(node.expression);
      if (text !== null && isText(text)) report(node, text);
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(sf);
      if (TEXT_ATTRIBUTES.has(name) && node.initializer) {
        const init = node.initializer;
        const text = ts.isStringLiteral(init) ? init.text : ts.isJsxExpression(init) ? literalText(init.expression) : null;
        if (text !== null && isText(text)) report(node, text);
      }
    } else if (ts.isPropertyAssignment(node)) {
      const name = ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) ? node.name.text : '';
      if (TEXT_PROPERTIES.has(name)) {
        const text = literalText(node.initializer);
        if (text !== null && isText(text)) report(node, text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
