import type { Route } from "./+types/treatment";
import { loadPricing, loadTreatment } from "../content/load.server";
import { useLivePricing } from "../content/live";
import { priceCategoriesById } from "../content/pricing";
import { routeByPath } from "../site/routeTable";
import { pageHead } from "../site/head";
import { service } from "../site/structuredData";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { Picture } from "../components/Picture/Picture";
import { RichText } from "../components/RichText/RichText";
import { renderInline } from "../components/RichText/inline";
import { PriceCategory } from "../components/PriceList/PriceCategory";
import { ActionLinks } from "../components/ActionLinks/ActionLinks";
import { Carousel } from "../components/Carousel/Carousel";
import { Gallery } from "../components/Gallery/Gallery";
import styles from "./treatment.module.scss";

const HERO_SIZES = "(min-width: 64rem) 34rem, 100vw";

/** The one treatment template: every treatment page is a content document in content/treatments/. */
export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  const route = routeByPath(path);
  if (route?.kind !== "treatment" || !route.doc) throw new Response("Nie znaleziono", { status: 404 });
  return { path, treatment: loadTreatment(route.doc), pricing: loadPricing() };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const { path, treatment } = loaderData!;
  return pageHead({
    path,
    ...treatment.seo,
    jsonLd: [service({ name: treatment.name, description: treatment.seo.description, path, price: treatment.offerPrice })],
  });
};

export default function Treatment({ loaderData }: Route.ComponentProps) {
  const { path, treatment: t } = loaderData;
  const pricing = useLivePricing(loaderData.pricing);
  const categories = priceCategoriesById(pricing, t.pricing.categories);

  const toc = [
    ...t.sections.map((s) => ({ id: s.id, title: s.title })),
    ...(t.variants ? [{ id: t.variants.id, title: t.variants.title }] : []),
    ...(t.beforeAfter ? [{ id: "efekty-zdjecia", title: t.beforeAfter.title }] : []),
    ...(t.gallery ? [{ id: "galeria", title: t.gallery.title }] : []),
    { id: "cennik", title: "Cennik" },
    { id: "rezerwacja", title: t.booking.title },
  ];

  return (
    <article className={styles.page} data-treatment={path}>
      <PageHeader path={path} title={t.title} lead={<p>{t.lead}</p>}>
        {t.notice && (
          <p className={styles.notice} role="note">
            {t.notice}
          </p>
        )}
        {t.highlights && (
          <dl className={styles.highlights}>
            {t.highlights.map((h) => (
              <div key={h.label}>
                <dt>{h.label}</dt>
                <dd>{renderInline(h.value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </PageHeader>

      <div className={styles.intro}>
        <Picture name={t.hero.image} alt={t.hero.alt} sizes={HERO_SIZES} priority className={styles.hero} />
        <nav aria-label="Na tej stronie" className={styles.toc}>
          <h2 className={styles.tocTitle}>Na tej stronie</h2>
          <ol>
            {toc.map((item) => (
              <li key={item.id}>
                <a href={`#${item.id}`}>{item.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      </div>

      {t.promo && (
        <aside className={styles.promo} aria-labelledby="promocja-tytul">
          <h2 id="promocja-tytul">{t.promo.title}</h2>
          <p>{renderInline(t.promo.text)}</p>
        </aside>
      )}

      {t.stats && (
        <section className={styles.stats} aria-labelledby="wyniki-tytul">
          <h2 id="wyniki-tytul">{t.stats.title}</h2>
          <ul>
            {t.stats.items.map((item) => (
              <li key={item.label}>
                <span className={styles.statValue}>{item.value}</span>
                <span className={styles.statLabel}>
                  {item.label}
                  {item.footnote && (
                    <sup>
                      <a href={`#przypis-${item.footnote}`} aria-label={`przypis ${item.footnote}`}>
                        {item.footnote}
                      </a>
                    </sup>
                  )}
                </span>
              </li>
            ))}
          </ul>
          <ol className={styles.footnotes}>
            {t.stats.footnotes.map((note, i) => (
              <li key={note} id={`przypis-${i + 1}`}>
                {renderInline(note)}
              </li>
            ))}
          </ol>
        </section>
      )}

      <div className={styles.body}>
        {t.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-tytul`} className={styles.section}>
            <h2 id={`${section.id}-tytul`}>{section.title}</h2>
            <RichText blocks={section.blocks} />
          </section>
        ))}

        {t.variants && (
          <section id={t.variants.id} aria-labelledby={`${t.variants.id}-tytul`} className={styles.section}>
            <h2 id={`${t.variants.id}-tytul`}>{t.variants.title}</h2>
            {t.variants.intro && <p>{renderInline(t.variants.intro)}</p>}
            <div className={styles.variants}>
              {t.variants.items.map((item) => (
                <article key={item.name} className={styles.variant} aria-labelledby={`wariant-${item.name}`}>
                  <h3 id={`wariant-${item.name}`}>{item.name}</h3>
                  <p>{renderInline(item.description)}</p>
                  <ul>
                    {item.benefits.map((b) => (
                      <li key={b}>{renderInline(b)}</li>
                    ))}
                  </ul>
                </article>
              ))}
            </div>
          </section>
        )}

        {t.beforeAfter && (
          <section id="efekty-zdjecia" aria-labelledby="efekty-zdjecia-tytul" className={styles.section}>
            <h2 id="efekty-zdjecia-tytul">{t.beforeAfter.title}</h2>
            <Carousel photos={t.beforeAfter.photos} controls={t.beforeAfter.controls} label={t.beforeAfter.title} />
          </section>
        )}

        {t.gallery && (
          <section id="galeria" aria-labelledby="galeria-tytul" className={styles.section}>
            <h2 id="galeria-tytul">{t.gallery.title}</h2>
            <Gallery images={t.gallery.images} />
          </section>
        )}

        <section id="cennik" aria-labelledby="cennik-tytul" className={styles.section}>
          <h2 id="cennik-tytul">Cennik</h2>
          <div className={styles.prices}>
            {categories.map((category) => (
              <PriceCategory key={category.id} category={category} headingLevel={3} anchor={false} />
            ))}
          </div>
          {t.pricing.notes?.map((note) => (
            <p key={note} className={styles.priceNote}>
              {renderInline(note)}
            </p>
          ))}
        </section>

        <section id="rezerwacja" aria-labelledby="rezerwacja-tytul" className={styles.booking}>
          <h2 id="rezerwacja-tytul">{t.booking.title}</h2>
          <p>{renderInline(t.booking.text)}</p>
          <ActionLinks actions={t.booking.actions} />
        </section>
      </div>
    </article>
  );
}
