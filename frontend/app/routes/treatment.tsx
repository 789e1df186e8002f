import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/treatment";
import {
  loadFigures,
  loadPricing,
  loadTreatment,
  shownPriceGroups,
  shownTreatmentDevice,
} from "../content/load.server";
import { statsWithSources } from "../content/figures";
import { priceGroupsById, type ShownPriceGroup } from "../content/pricing";
import type { Treatment as TreatmentDoc } from "../content/schema";
import { templatedPageLoader } from "../site/templatedPageLoader.server";
import { headFromLoader } from "../site/basicHead";
import { service, treatmentOfferPrice } from "../site/structuredData";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { Picture } from "../components/Picture/Picture";
import { RichText } from "../components/RichText/RichText";
import { renderInline } from "../components/RichText/inline";
import { PriceGroup } from "../components/PriceList/PriceGroup";
import { ActionLinks } from "../components/ActionLinks/ActionLinks";
import { OfferNote } from "../components/OfferNote/OfferNote";
import { Carousel } from "../components/Carousel/Carousel";
import { Gallery } from "../components/Gallery/Gallery";
import { Icon } from "../components/Icon/Icon";
import styles from "./treatment.module.scss";

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
  const pricing = loadPricing();
  const {
    path,
    doc: { device, ...treatment },
    head,
  } = templatedPageLoader(url, "treatment", loadTreatment, (doc, docPath) => ({
    jsonLd: [
      service({
        name: doc.name,
        description: doc.seo.description,
        path: docPath,
        price: treatmentOfferPrice(docPath, doc.offer, pricing),
      }),
    ],
  }));
  // Only the price groups the page shows: the whole price list would travel in every treatment page's HTML. The
  // device's id stays here: the page gets its name only where content/devices.json allows naming it.
  const deviceName = shownTreatmentDevice(device);
  const { stats, ...rest } = treatment;
  return {
    path,
    treatment: rest,
    // Each number of a study with its footnote: the source, or a mark that it is an example (content/figures.ts).
    ...(stats
      ? { stats: { title: stats.title, note: stats.note, ...statsWithSources(stats.items, loadFigures()) } }
      : {}),
    groups: shownPriceGroups(priceGroupsById(pricing, treatment.pricing.groups)),
    ...(deviceName ? { deviceName } : {}),
    head,
  };
}

export const meta: Route.MetaFunction = headFromLoader;

/** Ids must not contain spaces (aria-labelledby splits on them): "Oxygenating Trio" → "oxygenating-trio". */
const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ł/g, "l")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

interface Block {
  id: string;
  title: string;
  /** Contraindications get a calm but distinct frame so they are not skimmed over. */
  tone?: "caution";
  body: ReactNode;
}

/**
 * The page's sections in reading order; the table of contents is built from the same list, so it always matches.
 * Named variants follow the introduction, and photos follow the effects they show.
 */
type PageDoc = Omit<TreatmentDoc, "device" | "stats">;

function pageBlocks(t: PageDoc): Block[] {
  const blocks: Block[] = t.sections.map((section) => ({
    id: section.id,
    title: section.title,
    tone: section.id === "przeciwwskazania" ? "caution" : undefined,
    body: <RichText blocks={section.blocks} />,
  }));

  if (t.variants) {
    const v = t.variants;
    blocks.splice(Math.min(1, blocks.length), 0, {
      id: v.id,
      title: v.title,
      body: (
        <>
          {v.intro && <p className={styles.blockIntro}>{renderInline(v.intro)}</p>}
          <ul className={styles.variants}>
            {v.items.map((item) => (
              <li key={item.name}>
                <article className={styles.variant} aria-labelledby={`wariant-${slug(item.name)}`}>
                  <h3 id={`wariant-${slug(item.name)}`}>{item.name}</h3>
                  <p>{renderInline(item.description)}</p>
                  <ul className={styles.benefits}>
                    {item.benefits.map((b) => (
                      <li key={b}>{renderInline(b)}</li>
                    ))}
                  </ul>
                </article>
              </li>
            ))}
          </ul>
        </>
      ),
    });
  }

  const media: Block[] = [];
  if (t.beforeAfter) {
    media.push({
      id: "efekty-zdjecia",
      title: t.beforeAfter.title,
      body: (
        <>
          <Carousel photos={t.beforeAfter.photos} controls={t.beforeAfter.controls} label={t.beforeAfter.title} />
          <p className={styles.mediaNote}>{t.beforeAfter.note}</p>
        </>
      ),
    });
  }
  if (t.gallery) {
    media.push({
      id: "galeria",
      title: t.gallery.title,
      body: (
        <>
          <Gallery images={t.gallery.images} />
          <p className={styles.mediaNote}>{t.gallery.note}</p>
        </>
      ),
    });
  }
  const effects = blocks.findIndex((b) => b.id === "efekty");
  blocks.splice(effects >= 0 ? effects + 1 : blocks.length, 0, ...media);
  return blocks;
}

/**
 * The box under the table of contents: the offers of a promotion among this page's prices (the same lines of the price
 * list as the page's own price list shows), each with its price, period and terms and, for a reduction, the lowest
 * price of the 30 days before it. Headed "Promocja" when one of them is a reduction; a first visit's own price is
 * "Na początek", without reduction words.
 */
function PromoBox({ promo, groups }: { promo: NonNullable<TreatmentDoc["promo"]>; groups: ShownPriceGroup[] }) {
  const offers = groups.flatMap((group) => group.services).filter((service) => service.offer);
  return (
    <aside className={styles.promo} aria-labelledby="promocja-tytul">
      <p className={styles.eyebrow}>{offers.some((service) => service.reduction) ? "Promocja" : "Na początek"}</p>
      <h2 id="promocja-tytul">{promo.title}</h2>
      <p>{renderInline(promo.text)}</p>
      {offers.map((service) => (
        <div key={service.name}>
          <p className={styles.promoPrice}>
            {service.name}: <strong>{"price" in service ? service.price : ""}</strong>
          </p>
          {service.offer && <OfferNote offer={service.offer} reduction={service.reduction} />}
        </div>
      ))}
    </aside>
  );
}

/** The id of the section being read, for the table of contents. Nothing is marked before hydration. */
function useCurrentSection(ids: string[]) {
  const [current, setCurrent] = useState<string | null>(null);
  const key = ids.join(" ");
  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const sections = key
      .split(" ")
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null);
    const visible = new Set<string>();
    // A section counts as being read while it crosses a line a third of the way down the screen.
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        const first = sections.find((s) => visible.has(s.id));
        if (first) setCurrent(first.id);
      },
      { rootMargin: "-33% 0px -66% 0px" },
    );
    sections.forEach((s) => observer.observe(s));
    return () => observer.disconnect();
  }, [key]);
  return current;
}

export default function Treatment({ loaderData }: Route.ComponentProps) {
  const { path, treatment: t, groups } = loaderData;
  const deviceName = "deviceName" in loaderData ? loaderData.deviceName : undefined;
  const stats = "stats" in loaderData ? loaderData.stats : undefined;

  const blocks = pageBlocks(t);
  const toc = [
    ...blocks.map(({ id, title }) => ({ id, title })),
    { id: "cennik", title: "Cennik" },
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
          {deviceName && <p className={styles.device}>Urządzenie: {deviceName}</p>}
        </div>

        <div className={styles.aside}>
          <nav aria-labelledby="spis-tresci" className={styles.toc}>
            <h2 id="spis-tresci" className={styles.tocTitle}>
              Na tej stronie
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
                        <a href={`#przypis-${item.footnote}`} aria-label={`przypis ${item.footnote}`}>
                          {item.footnote}
                        </a>
                      </sup>
                    </span>
                  </li>
                ))}
              </ul>
              <ol className={styles.footnotes} aria-label="Przypisy">
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
              Cennik
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
              <Link to={`/cennik#${t.pricing.groups[0]}`}>Pełny cennik salonu</Link>
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
