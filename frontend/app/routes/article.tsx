import { Link, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/article";
import { articleSlugs, loadArticle } from "../contentModel/load.server";
import { consultationIn, pageWords } from "../site/words/pageWords.server";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { Picture } from "../components/Picture/Picture";
import { RichText } from "../components/RichText/RichText";
import { Icon } from "../components/Icon/Icon";
import { pageHead } from "../site/head";
import { headFromLoader } from "../site/basicHead";
import { absoluteUrl, shareImage } from "../site/structuredData";
import { formatDate } from "../contentModel/dates";
import { site } from "../salon/config";
import { CtaBox } from "../components/CtaBox/CtaBox";
import styles from "./article.module.scss";

export const ARTICLE_NOT_FOUND = "Nie znaleziono artykułu";

/** One article template; an unknown slug renders the not-found state (nginx answers it with 404). */
export function loader({ params }: Route.LoaderArgs) {
  const slug = params.slug;
  const path = `/blog/${slug}`;
  if (!articleSlugs().includes(slug)) {
    const head = pageHead({
      path,
      title: ARTICLE_NOT_FOUND,
      description: "Ten artykuł nie istnieje albo został usunięty.",
      noindex: true,
      crumb: ARTICLE_NOT_FOUND,
      canonical: false,
    });
    return { found: false as const, slug, head };
  }
  const article = loadArticle(slug);
  const head = pageHead({
    path,
    title: article.title,
    description: article.description,
    keywords: article.keywords,
    crumb: article.title,
    type: "article",
    image: shareImage(article.image),
    posting: {
      title: article.title,
      description: article.description,
      date: article.date,
      ...(article.updated ? { updated: article.updated } : {}),
      author: article.author,
      image: article.image,
      path,
    },
  });
  return {
    found: true as const,
    slug,
    article,
    consultation: consultationIn("pl"),
    words: pageWords("pl", "dates"),
    head,
  };
}

export const meta: Route.MetaFunction = headFromLoader;

/** Keeps a separator with the item before it, and "Autorka:" with the name: a line of the meta breaks only after a dot. */
const NO_BREAK = "\u00a0";

/** The Facebook share dialog for this article's own canonical address. */
const facebookShareUrl = (path: string) =>
  `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(absoluteUrl(path))}`;

function BackLink({ className }: { className?: string }) {
  return (
    <Link to="/blog" className={className}>
      <Icon name="chevronLeft" size={18} />
      Wróć do bloga
    </Link>
  );
}

/** The unknown-slug screen: 'Nie znaleziono artykułu' with a way back to the list. */
function ArticleMissing() {
  return (
    <div className={styles.missing}>
      <p className={styles.missingMark} aria-hidden="true">
        ?
      </p>
      <h1>{ARTICLE_NOT_FOUND}</h1>
      <p>Ten artykuł nie istnieje albo został przeniesiony. Wszystkie nasze teksty znajdziesz na blogu.</p>
      <BackLink className={styles.missingBack} />
    </div>
  );
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <ArticleMissing />;
  const { slug, article, consultation, words } = loaderData;
  const path = `/blog/${slug}`;
  const { dates } = words;
  return (
    <article className={styles.article}>
      <PageHeader path={path} crumb={article.title} title={article.title}>
        <p className={styles.meta}>
          <span className={styles.category}>{article.category}</span>
          {NO_BREAK}
          <span aria-hidden="true" className={styles.dot}>
            ·
          </span>{" "}
          <time dateTime={article.date}>{formatDate(article.date, dates)}</time>
          {article.updated && (
            <>
              {NO_BREAK}
              <span aria-hidden="true" className={styles.dot}>
                ·
              </span>{" "}
              <span>
                Zaktualizowano: <time dateTime={article.updated}>{formatDate(article.updated, dates)}</time>
              </span>
            </>
          )}
          {NO_BREAK}
          <span aria-hidden="true" className={styles.dot}>
            ·
          </span>{" "}
          <span>{`Autorka:${NO_BREAK}${article.author}`}</span>
        </p>
        <p className={styles.back}>
          <BackLink />
        </p>
      </PageHeader>
      <div className={styles.heroWrap}>
        <Picture
          name={article.image}
          alt={article.alt}
          sizes="(min-width: 75rem) 72rem, calc(100vw - 3rem)"
          priority
          ownRatio
          className={styles.hero}
        />
      </div>
      <div className={styles.body}>
        <RichText blocks={article.body} className={styles.prose} />
        <CtaBox
          id="cta-tytul"
          title={article.cta.title}
          actions={[
            { kind: "contact", label: consultation.label },
            { kind: "phone", label: "Zadzwoń" },
          ]}
        >
          {article.cta.text}
        </CtaBox>
        <section className={styles.share} aria-labelledby="udostepnij">
          <h2 id="udostepnij">Udostępnij artykuł</h2>
          <ul className={styles.shareLinks}>
            <li>
              <a href={facebookShareUrl(path)} target="_blank" rel="noopener noreferrer" className={styles.shareLink}>
                <Icon name="facebook" size={20} />
                Udostępnij na Facebooku<span className="visually-hidden"> (otwiera się w nowej karcie)</span>
              </a>
            </li>
            <li>
              <a href={site.social.instagram} target="_blank" rel="noopener noreferrer" className={styles.shareLink}>
                <Icon name="instagram" size={20} />
                Obserwuj nas na Instagramie<span className="visually-hidden"> (otwiera się w nowej karcie)</span>
              </a>
            </li>
          </ul>
        </section>
        <p className={styles.footerBack}>
          <BackLink />
        </p>
      </div>
    </article>
  );
}

/**
 * A slug the build did not prerender has no route data to load, so a client-side visit ends here: the same
 * not-found screen as the prerendered one, not the generic error page.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!(isRouteErrorResponse(error) && error.status === 404)) console.error(error);
  return <ArticleMissing />;
}
