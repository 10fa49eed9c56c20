import { messageParts } from '../model/message-text'

/** A message's words as text nodes: _italics_ and http/https links, never HTML. */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {messageParts(text).map((part, index) => {
        if (part.kind === 'italic') return <em key={index}>{part.text}</em>
        if (part.kind === 'link') {
          return (
            <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
              {part.text}
            </a>
          )
        }
        return <span key={index}>{part.text}</span>
      })}
    </>
  )
}
