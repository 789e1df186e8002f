import type { Route } from "./+types/pricing";
import { loadPricing, loadSimplePage, shownPriceGroups } from "../contentModel/load.server";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { PriceGroup } from "../components/PriceList/PriceGroup";
import { renderInline } from "../components/RichText/inline";
import { pageHead } from "../site/head";
import { headFromLoader } from "../site/basicHead";
import { CtaBox } from "../components/CtaBox/CtaBox";
import { useLanguage } from "../hooks/useWords";
import { consultationIn, pageWords } from "../site/words/pageWords.server";
import { inLanguage } from "../site/languagePaths";
import styles from "./pricing.module.scss";
import { languageOfPath } from "../site/languagePaths";
import { pricesIn } from "../contentModel/read.server";
import { pagePath } from "../site/routeTable";

export function loader({ url }: Route.LoaderArgs) {
  const language = languageOfPath(url.pathname);
  const page = loadSimplePage("pages/cennik", language);
  const pricing = loadPricing(language);
  return {
    ...pricesIn(
      {
        page,
        groups: shownPriceGroups(pricing.categories, language),
        head: pageHead({ path: pagePath(url.pathname), ...page.seo }),
      },
      language,
    ),
    consultation: consultationIn(language),
    words: pageWords(language, "pricing", "priceList", "offer", "dates"),
  };
}

export const meta: Route.MetaFunction = headFromLoader;

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { page, groups, consultation, words } = loaderData;
  const language = useLanguage();
  return (
    <>
      <PageHeader
        path={inLanguage("/cennik", language)}
        title={page.title}
        lead={page.intro.map((p) => (
          <p key={p}>{renderInline(p)}</p>
        ))}
      />
      <div className={styles.layout}>
        <nav aria-label={words.pricing.categories} className={styles.toc}>
          <h2 className={styles.tocTitle}>{words.pricing.goTo}</h2>
          <ul>
            {groups.map((group) => (
              <li key={group.id}>
                <a href={`#${group.id}`}>{group.category}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.categories}>
          <p className={styles.legend}>
            {words.pricing.legendStart}
            <span className={styles.legendMark}>{words.pricing.legendMark}</span>
            {words.pricing.legendEnd}
          </p>
          {groups.map((group) => (
            <PriceGroup key={group.id} group={group} />
          ))}
          <CtaBox
            id="cennik-konsultacja"
            title={words.pricing.ctaTitle}
            actions={[
              { kind: "contact", label: consultation.label },
              { kind: "promotions", label: words.pricing.seePromotions },
            ]}
          >
            {`${words.pricing.ctaText} ${consultation.sentence}`}
          </CtaBox>
        </div>
      </div>
    </>
  );
}
