import { Link, useLocation } from "react-router";
import { PUBLISHED_LANGUAGES, type PageLanguage } from "../../contentModel/languages";
import { inLanguage } from "../../site/languagePaths";
import { pageVersions } from "../../site/routeTable";
import { useLanguage, useWords } from "../../hooks/useWords";
import styles from "./LanguageSwitcher.module.scss";

/** The languages it offers, Polish first: the header reserves its place from their number. */
export const SWITCHER_LANGUAGES: readonly PageLanguage[] = ["pl", ...PUBLISHED_LANGUAGES];

/**
 * The same page in each published language, as plain links (they work without JavaScript). Where the page has no
 * version in a language (the blog, an article, a legal text), its link leads to that language's home page and its
 * title says why. Each language is shown by its short code, its own name said to screen readers after it (so a
 * voice user who says what she sees hits it); the current one is marked, not a link.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const current = useLanguage();
  const { shell } = useWords();
  const versions = pageVersions(pathname);
  return (
    <nav aria-label={shell.languages} className={className}>
      <ul className={styles.list}>
        {SWITCHER_LANGUAGES.map((language) => {
          const name = (
            <>
              {`${shell.languageCodes[language]} `}
              <span className="visually-hidden" lang={language}>
                {shell.languageNames[language]}
              </span>
            </>
          );
          if (language === current)
            return (
              <li key={language}>
                <span className={styles.current} aria-current="true">
                  {name}
                </span>
              </li>
            );
          const version = versions.find((page) => page.language === language);
          return (
            <li key={language}>
              <Link
                to={version?.path ?? inLanguage("/", language)}
                hrefLang={language}
                className={styles.link}
                {...(version ? {} : { title: shell.notTranslated })}
              >
                {name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
