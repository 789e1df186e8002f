import type { Route } from "./+types/treatment";
import {
  loadFigures,
  loadPricing,
  loadTreatment,
  shownPriceGroups,
  shownTreatmentDevice,
} from "../contentModel/load.server";
import { statsWithSources } from "../contentModel/figures";
import { priceGroupsById } from "../contentModel/pricing";
import { templatedPageLoader } from "../site/templatedPageLoader.server";
import { headFromLoader } from "../site/basicHead";
import { treatmentOfferPrice } from "../site/structuredData";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { Picture } from "../components/Picture/Picture";
import { renderInline } from "../components/RichText/inline";
import { PriceGroup } from "../components/PriceList/PriceGroup";
import { ActionLinks } from "../components/ActionLinks/ActionLinks";
import { PromoBox } from "../components/PromoBox/PromoBox";
import { pageBlocks } from "../components/TreatmentBlocks/pageBlocks";
import { Icon } from "../components/Icon/Icon";
import { useCurrentSection } from "../hooks/useCurrentSection";
import { pageWords } from "../site/words/pageWords.server";
import { fill } from "../contentModel/blanks";
import { SiteLink } from "../components/SiteLink/SiteLink";
import styles from "./treatment.module.scss";
import { languageOfPath } from "../site/languagePaths";
import { pricesIn } from "../contentModel/read.server";

/** The hero fills the main column: the container on phones, what the table of contents leaves on desktop. */
const HERO_SIZES = "(min-width: 80rem) 48rem, (min-width: 64rem) calc(100vw - 23rem), calc(100vw - 3rem)";

/**
 * Where the hero photo is the page's LCP element: from $bp-sm up. On a phone it starts near the fold, under the
 * header's title and lead (at 598–928 px of Lighthouse's 412 × 823 phone), and the lead text is the LCP element; a
 * photo preloaded there would take the one connection from that text (docs/performance.md).
 */
const HERO_LCP_MEDIA = "(min-width: 36rem)";

/** The one treatment template: every treatment page is a content document in content/treatments/. */
export function loader({ url }: Route.LoaderArgs) {
  const language = languageOfPath(url.pathname);
  // The offer names its price list line in Polish (the price list's own words); the page shows the lines in its language.
  const polishPricing = loadPricing();
  const pricing = loadPricing(language);
  const {
    path,
    doc: { device, ...treatment },
    head,
  } = templatedPageLoader(url, "treatment", loadTreatment, (doc, docPath) => ({
    service: {
      name: doc.name,
      description: doc.seo.description,
      path: docPath,
      price: treatmentOfferPrice(docPath, doc.offer, polishPricing),
    },
  }));
  // Only the price groups the page shows: the whole price list would travel in every treatment page's HTML. The
  // device's id stays here: the page gets its name only where content/devices.json allows naming it.
  const deviceName = shownTreatmentDevice(device);
  const { stats, ...rest } = treatment;
  const page = pricesIn(
    {
      path,
      treatment: rest,
      // Each number of a study with its footnote: the source, or a mark that it is an example (contentModel/figures.ts).
      ...(stats
        ? { stats: { title: stats.title, note: stats.note, ...statsWithSources(stats.items, loadFigures()) } }
        : {}),
      groups: shownPriceGroups(priceGroupsById(pricing, treatment.pricing.groups), language),
      ...(deviceName ? { deviceName } : {}),
      head,
    },
    language,
  );
  return {
    ...page,
    words: pageWords(language, "treatment", "priceList", "offer", "dates", "gallery", "carousel", "slide"),
  };
}

export const meta: Route.MetaFunction = headFromLoader;

export default function Treatment({ loaderData }: Route.ComponentProps) {
  const { path, treatment: t, groups } = loaderData;
  const deviceName = "deviceName" in loaderData ? loaderData.deviceName : undefined;
  const stats = "stats" in loaderData ? loaderData.stats : undefined;
  const { words } = loaderData;

  const blocks = pageBlocks(t);
  const toc = [
    ...blocks.map(({ id, title }) => ({ id, title })),
    { id: "cennik", title: words.treatment.prices },
    { id: "rezerwacja", title: t.booking.title },
  ];
  const current = useCurrentSection(toc.map((item) => item.id));

  return (
    <article className={styles.page} data-treatment={path} aria-labelledby="tytul-zabiegu">
      <PageHeader path={path} title={<span id="tytul-zabiegu">{t.title}</span>} lead={<p>{t.lead}</p>}>
        {t.notice && (
          <p className={styles.notice} role="note">
            <Icon name="clock" size={22} className={styles.noticeIcon} />
            <span>{renderInline(t.notice)}</span>
          </p>
        )}
      </PageHeader>

      <div className={styles.layout}>
        <div className={styles.intro}>
          <Picture
            name={t.hero.image}
            alt={t.hero.alt}
            sizes={HERO_SIZES}
            priority
            priorityMedia={HERO_LCP_MEDIA}
            className={styles.hero}
          />
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
          {deviceName && <p className={styles.device}>{`${words.priceList.device}: ${deviceName}`}</p>}
        </div>

        <div className={styles.aside}>
          <nav aria-labelledby="spis-tresci" className={styles.toc}>
            <h2 id="spis-tresci" className={styles.tocTitle}>
              {words.treatment.onThisPage}
            </h2>
            <ol>
              {toc.map((item) => (
                <li key={item.id}>
                  <a href={`#${item.id}`} aria-current={current === item.id ? "location" : undefined}>
                    {item.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        </div>

        <div className={styles.main}>
          {t.promo && <PromoBox promo={t.promo} groups={groups} />}

          {stats && (
            <section className={styles.stats} aria-labelledby="wyniki-tytul">
              <h2 id="wyniki-tytul">{stats.title}</h2>
              <ul>
                {stats.items.map((item) => (
                  <li key={item.label}>
                    <span className={styles.statValue}>{item.value}</span>
                    <span className={styles.statLabel}>
                      {item.label}
                      <sup>
                        <a
                          href={`#przypis-${item.footnote}`}
                          aria-label={fill(words.treatment.footnote, { number: item.footnote })}
                        >
                          {item.footnote}
                        </a>
                      </sup>
                    </span>
                  </li>
                ))}
              </ul>
              <ol className={styles.footnotes} aria-label={words.treatment.footnotes}>
                {stats.footnotes.map((note, i) => (
                  <li key={note} id={`przypis-${i + 1}`}>
                    {note}
                  </li>
                ))}
              </ol>
              <p className={styles.statsNote}>{stats.note}</p>
            </section>
          )}

          {blocks.map((block) => (
            <section
              key={block.id}
              id={block.id}
              aria-labelledby={`${block.id}-tytul`}
              className={block.tone === "caution" ? `${styles.section} ${styles.caution}` : styles.section}
            >
              <h2 id={`${block.id}-tytul`} className={styles.sectionTitle}>
                {block.title}
              </h2>
              {block.body}
            </section>
          ))}

          <section id="cennik" aria-labelledby="cennik-tytul" className={styles.section}>
            <h2 id="cennik-tytul" className={styles.sectionTitle}>
              {words.treatment.prices}
            </h2>
            <div className={styles.prices}>
              {groups.map((group) => (
                <PriceGroup key={group.id} group={group} headingLevel={3} anchor={false} />
              ))}
            </div>
            {t.pricing.notes?.map((note) => (
              <p key={note} className={styles.priceNote}>
                {renderInline(note)}
              </p>
            ))}
            <p className={styles.priceNote}>
              <SiteLink to={`/cennik#${t.pricing.groups[0]}`}>{words.treatment.fullPriceList}</SiteLink>
            </p>
          </section>

          <section id="rezerwacja" aria-labelledby="rezerwacja-tytul" className={styles.booking}>
            <h2 id="rezerwacja-tytul">{t.booking.title}</h2>
            <p>{renderInline(t.booking.text)}</p>
            <ActionLinks actions={t.booking.actions} className={styles.actions} />
          </section>
        </div>
      </div>
    </article>
  );
}
