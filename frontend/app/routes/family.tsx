import { useLocation } from "react-router";
import type { Route } from "./+types/family";
import { loadFamilyList } from "../contentModel/load.server";
import { templatedPageLoader } from "../site/templatedPageLoader.server";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { Picture } from "../components/Picture/Picture";
import { Icon } from "../components/Icon/Icon";
import { headFromLoader } from "../site/basicHead";
import { renderInline } from "../components/RichText/inline";
import { useReveal } from "../hooks/useReveal";
import { usePageWords } from "../hooks/useWords";
import { pageWords } from "../site/words/pageWords.server";
import { fill } from "../contentModel/blanks";
import { SiteLink } from "../components/SiteLink/SiteLink";
import type { FamilyList } from "../contentModel/schema";
import styles from "./family.module.scss";
import { languageOfPath } from "../site/languagePaths";
import { pricesIn } from "../contentModel/read.server";

/** The one list template for the treatment families (content/families/). */
export function loader({ url }: Route.LoaderArgs) {
  const { path, doc: list, head } = templatedPageLoader(url, "family", loadFamilyList);
  const language = languageOfPath(path);
  return { ...pricesIn({ path, list, head }, language), words: pageWords(language, "family") };
}

export const meta: Route.MetaFunction = headFromLoader;

/**
 * Where the first entry's photo is the page's LCP element: from a tablet up it shows beside or under a short header;
 * on a phone it starts at the fold (772 px of 823 on Lighthouse's phone) and the lead paragraph is the LCP element.
 */
const LIST_LCP_MEDIA = "(min-width: 48rem)";

function Entry({ entry, index, total }: { entry: FamilyList["entries"][number]; index: number; total: number }) {
  const ref = useReveal<HTMLElement>();
  const words = usePageWords("family");
  const headingId = `zabieg-${index + 1}`;
  const number = String(index + 1).padStart(2, "0");
  return (
    <li>
      <article ref={ref} className={styles.entry} aria-labelledby={headingId}>
        <Picture
          name={entry.image}
          alt={entry.alt}
          sizes="(min-width: 80rem) 31.5rem, (min-width: 64rem) 41vw, calc(100vw - 4.5rem)"
          priority={index === 0}
          priorityMedia={LIST_LCP_MEDIA}
          className={styles.image}
        />
        <div className={styles.text}>
          <p className={styles.number} aria-hidden="true">
            {number} <span>/ {String(total).padStart(2, "0")}</span>
          </p>
          <h2 id={headingId} className={styles.name}>
            {entry.name}
          </h2>
          <p className={styles.description}>{renderInline(entry.description)}</p>
          <ul className={styles.benefits}>
            {entry.benefits.map((benefit) => (
              <li key={benefit}>{renderInline(benefit)}</li>
            ))}
          </ul>
          <SiteLink to={entry.link} className={styles.more}>
            {words.more}
            <span className="visually-hidden">: {entry.name}</span>
            <Icon name="chevronRight" size={18} />
          </SiteLink>
        </div>
      </article>
    </li>
  );
}

export default function FamilyPage({ loaderData }: Route.ComponentProps) {
  const { list, words } = loaderData;
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader
        path={pathname}
        title={list.title}
        lead={list.intro.map((p) => (
          <p key={p}>{renderInline(p)}</p>
        ))}
      />
      <ol className={styles.list} aria-label={fill(words.family.list, { title: list.title })}>
        {list.entries.map((entry, i) => (
          <Entry key={entry.link + entry.name} entry={entry} index={i} total={list.entries.length} />
        ))}
      </ol>
    </>
  );
}
