const ALLOWED_TAGS = new Set(['P', 'BR', 'B', 'STRONG', 'I', 'EM', 'U', 'UL', 'OL', 'LI', 'A', 'SPAN'])

function cleanNode(node: Node, into: Node, document: Document): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(document.createTextNode(child.textContent ?? ''))
      continue
    }
    if (!(child instanceof Element)) continue
    if (!ALLOWED_TAGS.has(child.tagName)) {
      // Unknown elements keep their text but lose themselves; scripts and styles lose everything.
      if (child.tagName !== 'SCRIPT' && child.tagName !== 'STYLE') cleanNode(child, into, document)
      continue
    }
    const copy = document.createElement(child.tagName.toLowerCase())
    if (child.tagName === 'A') {
      const href = child.getAttribute('href') ?? ''
      if (/^(https?:|mailto:|tel:)/i.test(href)) {
        copy.setAttribute('href', href)
        copy.setAttribute('target', '_blank')
        copy.setAttribute('rel', 'noopener noreferrer')
      }
    }
    cleanNode(child, copy, document)
    into.appendChild(copy)
  }
}

/** Server-provided HTML reduced to text formatting and plain links: no scripts, styles or event attributes. */
export function sanitizeHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html')
  const clean = document.implementation.createHTMLDocument('')
  const root = clean.createElement('div')
  cleanNode(parsed.body, root, clean)
  return root.innerHTML
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
}
