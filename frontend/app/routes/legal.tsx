import { useLocation } from "react-router";
import type { Route } from "./+types/legal";
import { loadLegalPage } from "../contentModel/load.server";
import { templatedPageLoader } from "../site/templatedPageLoader.server";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { RichText } from "../components/RichText/RichText";
import { renderInline } from "../components/RichText/inline";
import { headFromLoader } from "../site/basicHead";
import { formatDate } from "../contentModel/dates";
import { pageWords } from "../site/words/pageWords.server";
import styles from "./legal.module.scss";

/** Legal texts and the contest regulation (content/legal/): one template, numbered sections. */
export function loader({ url }: Route.LoaderArgs) {
  const { path, doc: page, head } = templatedPageLoader(url, "legal", loadLegalPage);
  return { path, page, head, words: pageWords("pl", "dates") };
}

export const meta: Route.MetaFunction = headFromLoader;

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { page, words } = loaderData;
  const date = (iso: string) => formatDate(iso, words.dates);
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader path={pathname} title={page.title} lead={page.lead && <p>{renderInline(page.lead)}</p>}>
        {/* The version a reader has before her applies from its last change; the first version's date, when there
            was an earlier one, says how long the document has existed. */}
        <p className={styles.updated}>
          {page.published ? (
            <>
              Obowiązuje od: <time dateTime={page.changed}>{date(page.changed)}</time> · pierwsza wersja:{" "}
              <time dateTime={page.published}>{date(page.published)}</time>
            </>
          ) : (
            <>
              Ostatnia zmiana: <time dateTime={page.changed}>{date(page.changed)}</time>
            </>
          )}
        </p>
      </PageHeader>
      <div className={styles.body}>
        <nav aria-label="Spis treści" className={styles.toc}>
          <h2>Spis treści</h2>
          <ol>
            {page.sections.map((section, i) => (
              <li key={section.title}>
                <a href={`#sekcja-${i + 1}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {page.sections.map((section, i) => (
          <section
            key={section.title}
            id={`sekcja-${i + 1}`}
            aria-labelledby={`sekcja-${i + 1}-tytul`}
            className={styles.section}
          >
            <h2 id={`sekcja-${i + 1}-tytul`}>
              <span className={styles.number}>{i + 1}.</span> {section.title}
            </h2>
            <RichText blocks={section.blocks} />
          </section>
        ))}
      </div>
    </>
  );
}
