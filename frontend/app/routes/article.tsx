import { Link } from "react-router";
import type { Route } from "./+types/article";
import { articleSlugs, loadArticle } from "../content/load.server";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { Picture } from "../components/Picture/Picture";
import { RichText } from "../components/RichText/RichText";
import { pageHead } from "../site/head";
import { blogPosting, absoluteUrl } from "../site/structuredData";
import { formatDatePl } from "../site/dates";
import { phoneHref, site } from "../site/config";
import styles from "./article.module.scss";

export const ARTICLE_NOT_FOUND = "Nie znaleziono artykułu";

/** One article template; an unknown slug renders the not-found state (nginx answers it with 404). */
export function loader({ params }: Route.LoaderArgs) {
  const slug = params.slug;
  if (!articleSlugs().includes(slug)) return { slug, article: null };
  return { slug, article: loadArticle(slug) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const { slug, article } = loaderData!;
  const path = `/blog/${slug}`;
  if (!article)
    return pageHead({ path, title: ARTICLE_NOT_FOUND, description: "Ten artykuł nie istnieje albo został usunięty.", noindex: true, crumb: ARTICLE_NOT_FOUND });
  return pageHead({
    path,
    title: article.title,
    description: article.description,
    keywords: article.keywords,
    crumb: article.title,
    type: "article",
    image: `/img/${article.image}-1280.jpg`,
    jsonLd: [blogPosting({ ...article, path })],
  });
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { slug, article } = loaderData;
  const path = `/blog/${slug}`;
  if (!article) {
    return (
      <div className={styles.missing}>
        <h1>{ARTICLE_NOT_FOUND}</h1>
        <p>Ten artykuł nie istnieje albo został przeniesiony.</p>
        <Link to="/blog">Wróć do bloga</Link>
      </div>
    );
  }
  const shareUrl = `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(absoluteUrl(path))}`;
  return (
    <article className={styles.article}>
      <PageHeader path={path} crumb={article.title} title={article.title}>
        <p className={styles.back}>
          <Link to="/blog">← Wróć do bloga</Link>
        </p>
        <p className={styles.meta}>
          <span className={styles.category}>{article.category}</span>
          <time dateTime={article.date}>{formatDatePl(article.date)}</time>
          <span>Autorka: {article.author}</span>
        </p>
      </PageHeader>
      <Picture name={article.image} alt={article.alt} sizes="(min-width: 72rem) 72rem, 100vw" priority className={styles.hero} />
      <div className={styles.body}>
        <RichText blocks={article.body} />
        <aside className={styles.cta} aria-labelledby="cta-tytul">
          <h2 id="cta-tytul">{article.cta.title}</h2>
          <p>{article.cta.text}</p>
          <p className={styles.ctaActions}>
            <Link to="/kontakt" className={styles.ctaPrimary}>
              Umów konsultację
            </Link>
            <a href={phoneHref} className={styles.ctaSecondary}>
              Zadzwoń: {site.phone}
            </a>
          </p>
        </aside>
        <section className={styles.share} aria-labelledby="udostepnij">
          <h2 id="udostepnij">Udostępnij artykuł</h2>
          <p>
            <a href={shareUrl} target="_blank" rel="noopener noreferrer">
              Udostępnij na Facebooku<span className="visually-hidden"> (otwiera się w nowej karcie)</span>
            </a>{" "}
            ·{" "}
            <a href={site.social.instagram} target="_blank" rel="noopener noreferrer">
              Obserwuj nas na Instagramie<span className="visually-hidden"> (otwiera się w nowej karcie)</span>
            </a>
          </p>
        </section>
        <p>
          <Link to="/blog">← Wróć do bloga</Link>
        </p>
      </div>
    </article>
  );
}
