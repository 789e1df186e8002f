import { Fragment, type ReactNode } from "react";
import { SiteLink } from "../SiteLink/SiteLink";

/**
 * Renders the only inline markup content may use: **bold** and [text](/path), a link also inside bold ("**Mapa
 * na stronie [Kontakt](/kontakt).**"). Anything else stays plain text, so content can never inject HTML. A link to a
 * page of the site leads to that page in the current page's language where it is translated (SiteLink).
 */
export function renderInline(text: string): ReactNode {
  const parts: ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    if (match[1] !== undefined) {
      parts.push(<strong key={key++}>{renderInline(match[1])}</strong>);
    } else {
      const href = match[3]!;
      parts.push(
        href.startsWith("/") ? (
          <SiteLink key={key++} to={href}>
            {match[2]}
          </SiteLink>
        ) : (
          <a key={key++} href={href} target="_blank" rel="noopener noreferrer">
            {match[2]}
          </a>
        ),
      );
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts.length === 1 ? parts[0] : <Fragment>{parts}</Fragment>;
}
