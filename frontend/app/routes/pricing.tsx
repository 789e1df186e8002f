import { Link } from "react-router";
import type { Route } from "./+types/pricing";
import { loadPricing, loadSimplePage } from "../content/load.server";
import { useLivePricing } from "../content/live";
import { allPriceCategories } from "../content/pricing";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { PriceCategory } from "../components/PriceList/PriceCategory";
import { renderInline } from "../components/RichText/inline";
import { pageHead } from "../site/head";
import styles from "./pricing.module.scss";

export function loader() {
  return { page: loadSimplePage("cennik"), pricing: loadPricing() };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageHead({ path: "/cennik", ...loaderData!.page.seo });

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const pricing = useLivePricing(loaderData.pricing);
  const categories = allPriceCategories(pricing);
  return (
    <>
      <PageHeader path="/cennik" title={page.title} lead={page.intro.map((p) => <p key={p}>{renderInline(p)}</p>)} />
      <div className={styles.layout}>
        <nav aria-label="Kategorie cennika" className={styles.toc}>
          <h2 className={styles.tocTitle}>Przejdź do kategorii</h2>
          <ul>
            {categories.map((category) => (
              <li key={category.id}>
                <a href={`#${category.id}`}>{category.category}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.categories}>
          <p className={styles.legend}>
            Ceny w złotych (zł). Wyróżniamy <span className={styles.legendMark}>promocje</span>, rabaty i ceny serii zabiegów.
            Kreska (—) oznacza, że cenę podamy wkrótce.
          </p>
          {categories.map((category) => (
            <PriceCategory key={category.id} category={category} />
          ))}
          <aside className={styles.cta} aria-labelledby="cennik-konsultacja">
            <h2 id="cennik-konsultacja">Nie wiesz, od czego zacząć?</h2>
            <p>Na konsultacji ocenimy skórę i od razu powiemy, ile zabiegów ma sens i ile będzie kosztować cała terapia.</p>
            <p className={styles.ctaActions}>
              <Link to="/kontakt" className={styles.ctaPrimary}>
                Umów konsultację
              </Link>
              <Link to="/promocje" className={styles.ctaSecondary}>
                Zobacz promocje
              </Link>
            </p>
          </aside>
        </div>
      </div>
    </>
  );
}
