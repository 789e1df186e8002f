import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PageLanguage } from "../../contentModel/languages";
import { useLanguage, useWords } from "../../hooks/useWords";
import { languageOfPath } from "../../site/languagePaths";
import { pathIn } from "../../site/routeTable";

/**
 * Where a link to the Polish page `to` ("/cennik", "/cennik#laser-frakcyjny") leads from a page in `language`: that
 * page's translation where it has one, else the Polish page, which is then `polishOnly`.
 */
export function siteTarget(to: string, language: PageLanguage): { to: string; polishOnly: boolean } {
  const cut = to.search(/[?#]/);
  const [path, rest] = cut < 0 ? [to, ""] : [to.slice(0, cut), to.slice(cut)];
  const target = pathIn(path, language);
  return { to: target + rest, polishOnly: languageOfPath(target) !== language };
}

/**
 * A link to a page of the site, written with its Polish path as content and the templates name pages: it leads to
 * that page in the current page's language; a Polish-only page is marked hrefLang="pl" and, with `note`, says so.
 */
export function SiteLink({
  to,
  className,
  note = false,
  children,
}: {
  to: string;
  className?: string;
  /** Add "(in Polish)" after the text of a link to a Polish-only page (content's link texts say it themselves). */
  note?: boolean;
  children: ReactNode;
}) {
  const language = useLanguage();
  const words = useWords();
  const target = siteTarget(to, language);
  return (
    <Link to={target.to} className={className} hrefLang={target.polishOnly ? "pl" : undefined}>
      {children}
      {note && target.polishOnly && ` (${words.shell.inPolish})`}
    </Link>
  );
}
