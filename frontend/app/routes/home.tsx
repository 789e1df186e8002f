import type { Route } from "./+types/home";
import { loadArticleSummaries, loadContent, loadHome } from "../contentModel/load.server";
import { familyListPath } from "../site/routeTable";
import { pageHead } from "../site/head";
import { headFromLoader } from "../site/basicHead";
import { site } from "../salon/config";
import { Section } from "../components/Section/Section";
import { Picture } from "../components/Picture/Picture";
import { RichText } from "../components/RichText/RichText";
import { Hero } from "../components/Hero/Hero";
import { Reviews } from "../components/Reviews/Reviews";
import { ArticleCard } from "../components/ArticleCard/ArticleCard";
import { SiteLink } from "../components/SiteLink/SiteLink";
import { consultationIn, pageWords } from "../site/words/pageWords.server";
import { fill } from "../contentModel/blanks";
import styles from "./home.module.scss";
import { languageOfPath } from "../site/languagePaths";
import { pricesIn } from "../contentModel/read.server";
import { pagePath } from "../site/routeTable";

export function loader({ url }: Route.LoaderArgs) {
  const language = languageOfPath(url.pathname);
  const home = loadHome(language);
  // The articles are Polish in every language (the teaser says so on a translated page).
  const articles = loadArticleSummaries();
  const teaser = home.blogTeaser.slugs.map((slug) => articles.find((a) => a.slug === slug)!);
  return {
    ...pricesIn(
      {
        content: loadContent(language),
        home,
        teaser,
        head: pageHead({ path: pagePath(url.pathname), ...home.seo }),
      },
      language,
    ),
    consultation: consultationIn(language),
    words: pageWords(language, "home", "hero", "slide", "reviews", "article", "dates"),
  };
}

export const meta: Route.MetaFunction = headFromLoader;

/** A service card's photo: the container's width on a phone, one of three columns from $bp-md up. */
const SERVICE_SIZES = "(min-width: 80rem) 23rem, (min-width: 48rem) 30vw, calc(100vw - 3rem)";
/** A team member's portrait: at most 14rem wide above her text on a phone, an 11rem column beside it from $bp-sm up. */
const PORTRAIT_SIZES = "(min-width: 36rem) 11rem, 14rem";

export default function Home({ loaderData }: Route.ComponentProps) {
  const { content, home, teaser, consultation, words } = loaderData;
  return (
    <>
      <h1 className="visually-hidden">{fill(words.home.heading, { salon: site.name })}</h1>
      <Hero slides={content.hero.slides} />

      <Section id="witamy" title={content.welcome.title}>
        <div className={styles.welcome}>
          <div>
            {content.welcome.description.map((p) => (
              <p key={p}>{p}</p>
            ))}
            <p className={styles.welcomeActions}>
              <SiteLink to="/twoje-potrzeby" className={styles.primaryLink} note>
                {words.home.needs}
              </SiteLink>
              <SiteLink to="/kontakt" className={styles.more}>
                {consultation.label}
              </SiteLink>
            </p>
          </div>
          <Picture
            name={content.welcome.image}
            alt={content.welcome.alt}
            sizes="(min-width: 80rem) 34rem, (min-width: 64rem) 44vw, calc(100vw - 3rem)"
            className={styles.roundImage}
          />
        </div>
      </Section>

      <Section id="uslugi" title={content.services.title} tone="sand">
        <ul className={styles.services}>
          {content.services.items.map((item) => (
            <li key={item.id} className={styles.service}>
              <Picture name={item.image} alt={item.alt} sizes={SERVICE_SIZES} />
              <div className={styles.serviceText}>
                <h3>{item.category}</h3>
                <p>{item.description}</p>
                <SiteLink to={familyListPath[item.id]} className={styles.more}>
                  {words.home.seeTreatments}
                  <span className="visually-hidden">: {item.category}</span>
                </SiteLink>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="zespol" title={content.team.title}>
        <ul className={styles.team}>
          {content.team.members.map((member) => (
            <li key={member.name} className={styles.member}>
              <Picture name={member.image} alt={member.alt} sizes={PORTRAIT_SIZES} className={styles.portrait} />
              <div>
                <h3>{member.name}</h3>
                <p className={styles.role}>{member.role}</p>
                {member.description.map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="opinie" title={home.reviews.title} tone="blush">
        <Reviews reviews={home.reviews.items} source={home.reviews.source} />
      </Section>

      <Section
        id="z-bloga"
        title={home.blogTeaser.title}
        intro={words.home.articlesInPolish ? <p>{words.home.articlesInPolish}</p> : undefined}
      >
        <ul className={styles.teaser}>
          {teaser.map((article, i) => (
            <li key={article.slug}>
              <ArticleCard
                article={article}
                index={i}
                headingLevel={3}
                sizes="(min-width: 80rem) 35.25rem, (min-width: 48rem) 46vw, calc(100vw - 3rem)"
              />
            </li>
          ))}
        </ul>
        <p className={styles.center}>
          <SiteLink to="/blog" className={styles.more} note>
            {words.home.allArticles}
          </SiteLink>
        </p>
      </Section>

      <Section id="o-salonie" title={home.seoText.title} tone="sand" width="narrow">
        <RichText blocks={home.seoText.blocks} />
      </Section>
    </>
  );
}
