// No words are shown from packages/ui/src without the message catalogue: every text a visitor reads
// or hears (JSX text, string literals shown as children, accessible names, titles, placeholders,
// alternative texts, snack messages) goes through `t` (packages/core/src/i18n/messages). This test
// reads the sources with TypeScript's parser and names each literal that would be shown as is.
//
//   node --import tsx test/node/uiStrings.test.ts        (fails listing file:line "text")
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const UI = join(ROOT, 'packages/ui/src')

/** Attributes whose value a visitor reads or hears. */
const SHOWN_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label'])
/** Calls whose string argument is shown (the snackbar). */
const SHOWN_CALLS = new Set(['showSuccess', 'showError', 'showLoading'])
/**
 * Texts that are the same in every language: names of products and protocols, units and symbols.
 * Each is a whole literal (trimmed), never a sentence.
 */
const UNTRANSLATED = new Set(['WalletConnect', 'QR', 'ETH', 'USD', 'Farcaster', 'ENS', 'SIWX', 'OK'])

/** Whether a literal has words in it (letters), not only punctuation, digits or symbols. */
const hasWords = (text: string) => /\p{L}/u.test(text) && !UNTRANSLATED.has(text.trim())

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === '__fixtures__' ? [] : sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** The string literals an expression shows when it is a JSX child or a shown attribute's value. */
function shownLiterals(node: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node]
  if (ts.isTemplateExpression(node)) return [node.head, ...node.templateSpans.map(s => s.literal)]
  if (ts.isParenthesizedExpression(node)) return shownLiterals(node.expression)
  if (ts.isConditionalExpression(node)) return [...shownLiterals(node.whenTrue), ...shownLiterals(node.whenFalse)]
  if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.PlusToken].includes(
      node.operatorToken.kind
    )
  ) {
    return [...shownLiterals(node.left), ...shownLiterals(node.right)]
  }
  return []
}

const textOf = (node: ts.Node, file: ts.SourceFile) =>
  ts.isJsxText(node)
    ? node.text
    : ts.isStringLiteralLike(node)
      ? node.text
      : ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)
        ? node.text
        : node.getText(file)

/** Every literal in `path` shown without the catalogue, as `file:line "text"`. */
export function hardCodedStrings(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: ts.Node[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      if (hasWords(node.text)) found.push(node)
    } else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      found.push(...shownLiterals(node.expression))
    } else if (ts.isJsxAttribute(node) && SHOWN_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const init = node.initializer
      if (ts.isStringLiteral(init)) found.push(init)
      else if (ts.isJsxExpression(init) && init.expression) found.push(...shownLiterals(init.expression))
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && SHOWN_CALLS.has(node.expression.name.text) && node.arguments[0]) {
      found.push(...shownLiterals(node.arguments[0]))
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
    .filter(node => hasWords(textOf(node, file)))
    .map(node => `${relative(ROOT, path)}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1} ${JSON.stringify(textOf(node, file).trim())}`)
}

test('every text the elements show comes from the message catalogue', () => {
  const files = sources(UI)
  assert.ok(files.length > 50, `${files.length} source files read`)
  const found = files.flatMap(hardCodedStrings)
  assert.deepEqual(found, [], `shown without the catalogue (move each to packages/core/src/i18n/messages and show it with t()):\n  ${found.join('\n  ')}`)
})

test('the check finds a hard-coded text in each place a visitor would read or hear it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-strings-'))
  const probe = join(dir, '__probe__.tsx')
  const body = [
    'export const A = () => <p>Hello there</p>',
    'export const B = (x: boolean) => <p>{x ? "Sending" : t("send.send")}</p>',
    'export const C = () => <button aria-label="Close"><i /></button>',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture is source text holding a template literal.
    'export const D = () => <input placeholder={`Search ${1}`} />',
    'export const E = (core: any) => core.snack.showSuccess("Link copied")',
    'export const F = () => <p>{t("send.send")} · 3 {"ETH"}</p>',
    'export const G = () => <p className="wm-muted" data-x="not shown">{"WalletConnect"}</p>'
  ].join('\n')
  writeFileSync(probe, body)
  try {
    const lines = hardCodedStrings(probe).map(s => s.replace(/^.*__probe__\.tsx:/, ''))
    assert.deepEqual(lines, ['1 "Hello there"', '2 "Sending"', '3 "Close"', '4 "Search"', '5 "Link copied"'])
  } finally {
    rmSync(dir, { recursive: true })
  }
})
