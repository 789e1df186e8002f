import type { Route } from "./+types/pricing";
import { loadPricing, loadSimplePage, shownPriceGroups } from "../contentModel/load.server";
import { consultationCost, consultationCostSentence, consultationLabel } from "../contentModel/pricing";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { PriceGroup } from "../components/PriceList/PriceGroup";
import { renderInline } from "../components/RichText/inline";
import { pageHead } from "../site/head";
import { headFromLoader } from "../site/basicHead";
import { CtaBox } from "../components/CtaBox/CtaBox";
import styles from "./pricing.module.scss";

export function loader() {
  const page = loadSimplePage("pages/cennik");
  const pricing = loadPricing();
  return {
    page,
    groups: shownPriceGroups(pricing.categories),
    consultation: consultationCost(pricing),
    head: pageHead({ path: "/cennik", ...page.seo }),
  };
}

export const meta: Route.MetaFunction = headFromLoader;

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { page, groups, consultation } = loaderData;
  return (
    <>
      <PageHeader
        path="/cennik"
        title={page.title}
        lead={page.intro.map((p) => (
          <p key={p}>{renderInline(p)}</p>
        ))}
      />
      <div className={styles.layout}>
        <nav aria-label="Kategorie cennika" className={styles.toc}>
          <h2 className={styles.tocTitle}>Przejdź do kategorii</h2>
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
            Ceny w złotych (zł). Wyróżniamy <span className={styles.legendMark}>promocje</span> (z czasem trwania i
            najniższą ceną z 30 dni przed ich rozpoczęciem), rabaty i ceny serii zabiegów. Kreska (—) oznacza, że cenę
            podajemy na konsultacji.
          </p>
          {groups.map((group) => (
            <PriceGroup key={group.id} group={group} />
          ))}
          <CtaBox
            id="cennik-konsultacja"
            title="Nie wiesz, od czego zacząć?"
            actions={[
              { kind: "contact", label: consultationLabel(consultation) },
              { kind: "promotions", label: "Zobacz promocje" },
            ]}
          >
            Na konsultacji ocenimy skórę i od razu powiemy, ile zabiegów ma sens i ile będzie kosztować cała seria.{" "}
            {consultationCostSentence(consultation)}
          </CtaBox>
        </div>
      </div>
    </>
  );
}
