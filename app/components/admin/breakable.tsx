// Text that may wrap only at its natural joints: an e-mail address after its "@" and dots, an
// IP address after its dots and colons. In a narrow column `overflow-wrap: anywhere` broke
// addresses mid-word ("ana@bure / au.example"); this offers the browser <wbr> break points
// instead and forbids breaks elsewhere. The text itself (and what tests or screen readers read)
// is unchanged: <wbr> adds no characters.
import { Fragment } from "react";

export function Breakable({ text, after = "@." }: { text: string; after?: string }) {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (after.includes(text.charAt(i))) {
      parts.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return (
    <span className="[overflow-wrap:normal] [word-break:normal]">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order.
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}
