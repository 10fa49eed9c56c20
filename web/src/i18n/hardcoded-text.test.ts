import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { CONVERTED, NOT_YET } from './converted'

/** Every non-test source under src/, by its path from src/. */
const sources = Object.entries(
  import.meta.glob<string>(['../**/*.tsx', '../**/*.ts', '!../**/*.test.{ts,tsx}', '!../generated/**', '!../i18n/catalogs/**'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).map(([path, text]) => [path.slice('../'.length), text] as const)

const listed = (path: string, list: readonly string[]) =>
  list.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry))

const converted = sources.filter(([path]) => listed(path, CONVERTED) && !listed(path, NOT_YET))

/** Attributes a person sees or hears (a screen reader reads aria-label, aria-roledescription and title). */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'heading',
  'message',
  'confirmLabel',
  'cancelLabel',
  'emptyTitle',
  'emptyDescription',
  'description',
  'text',
])

const hasWords = (text: string) => /\p{L}/u.test(text)

/** The words of string literals and templates a person would see: JSX text, visible attributes, toasts. */
function visibleLiterals(path: string, source: string): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: string[] = []
  const literalText = (node: ts.Node): string | null => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
    if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ')
    return null
  }
  /** Literals that end up as the value itself: through conditionals, ?? and ||, not into a call's arguments. */
  const collect = (node: ts.Node) => {
    const text = literalText(node)
    if (text !== null) {
      if (hasWords(text)) found.push(text)
      return
    }
    if (ts.isConditionalExpression(node)) {
      collect(node.whenTrue)
      collect(node.whenFalse)
    } else if (ts.isBinaryExpression(node)) {
      const operator = node.operatorToken.kind
      if (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken) collect(node.left)
      if (operator === ts.SyntaxKind.AmpersandAmpersandToken || operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken) collect(node.right)
    } else if (ts.isParenthesizedExpression(node)) {
      collect(node.expression)
    }
  }
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(node.text.trim())
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) collect(node.expression)
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const value = node.initializer
      collect(ts.isJsxExpression(value) ? (value.expression ?? value) : value)
    }
    if (ts.isCallExpression(node) && /^toast\.(success|error)$/.test(node.expression.getText())) {
      for (const argument of node.arguments) collect(argument)
    }
    // A default text for a visible prop: ({ cancelLabel = 'No' }).
    if (ts.isBindingElement(node) && node.initializer && VISIBLE_ATTRIBUTES.has(node.name.getText())) {
      collect(node.initializer)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

describe('converted screens keep their words in the catalogs', () => {
  it('covers the converted folders', () => {
    expect(converted.map(([path]) => path)).toContain('features/auth/components/LoginScreen.tsx')
    expect(converted.length).toBeGreaterThan(20)
  })

  it('finds hard-coded words of every kind it looks for', () => {
    const probe = [
      "export const A = () => <p title=\"Hi there\">Welcome</p>",
      "export const B = (x: boolean) => <span aria-label={x ? 'Open' : 'Closed'}>{x ? 'Yes' : `No ${1}`}</span>",
      "export function C({ cancelLabel = 'No thanks' }) { toast.error('Failed'); return <i>{cancelLabel}</i> }",
      "export const D = () => <p className=\"muted\" data-testid=\"x\">{t('auth.title')} {'·'} {' '}</p>",
      "export const E = (v: string) => <p>{v === 'sheet' && <b />}{v || 'Nobody'}</p>",
    ].join('\n')
    expect(visibleLiterals('probe.tsx', probe).sort()).toEqual(
      ['Closed', 'Failed', 'Hi there', 'No  ', 'No thanks', 'Nobody', 'Open', 'Welcome', 'Yes'].sort(),
    )
  })

  it.each(converted)('%s writes no visible words outside a catalog', (path, source) => {
    expect(visibleLiterals(path, source)).toEqual([])
  })
})

/** Sentences in string literals: three words or more, the way a module would word something for the screen. */
function sentences(path: string, source: string): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    const text = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
      ? node.text
      : ts.isTemplateExpression(node)
        ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ')
        : null
    if (text !== null && /\p{L}+ \p{L}+ \p{L}+/u.test(text)) found.push(text)
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

describe('src/lib words nothing for the screen itself', () => {
  const lib = sources.filter(([path]) => path.startsWith('lib/'))

  it('finds a sentence in a string literal or template', () => {
    const probe = "export const A = 'Copy not allowed here'\nconst b = `${1} trips ago today`\nconst c = 'two words'"
    expect(sentences('probe.ts', probe)).toEqual(['Copy not allowed here', '  trips ago today'])
  })

  it.each(lib)('%s leaves its sentences to the catalogs (a key the caller says with t, or t passed in)', (path, source) => {
    expect(sentences(path, source)).toEqual([])
  })
})
