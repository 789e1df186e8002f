import type { ReactNode } from "react";
import type { Treatment as TreatmentDoc } from "../../contentModel/schema";
import { Carousel } from "../Carousel/Carousel";
import { Gallery } from "../Gallery/Gallery";
import { RichText } from "../RichText/RichText";
import { renderInline } from "../RichText/inline";
import styles from "./TreatmentBlocks.module.scss";

/** Ids must not contain spaces (aria-labelledby splits on them): "Oxygenating Trio" → "oxygenating-trio". */
const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ł/g, "l")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export interface Block {
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
export type PageDoc = Omit<TreatmentDoc, "device" | "stats">;

export function pageBlocks(t: PageDoc): Block[] {
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
