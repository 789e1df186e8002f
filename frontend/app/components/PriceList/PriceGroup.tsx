import type { ReactNode } from "react";
import {
  isHighlightedOption,
  isHighlightedPrice,
  isHighlightedService,
  type Highlight,
  type ShownPriceGroup as Group,
  type ShownService as Service,
} from "../../contentModel/pricing";
import { OfferNote } from "../OfferNote/OfferNote";
import { usePageWords } from "../../hooks/useWords";
import type { PageWords } from "../../site/words/pl/pages";
import styles from "./PriceGroup.module.scss";

/** A price the document writes as a dash: the service has no price of its own. Read out in words, shown as the dash. */
const NO_PRICE = /^[—–-]$/;

type PriceListWords = PageWords["priceList"];

/** Why a row is highlighted, in the visitor's words. Only rows the highlighting rules pick (contentModel/pricing.ts) get a label at all. */
export function highlightReason(
  row: { name: string; price?: string; isPromo?: boolean },
  words: PriceListWords,
): string {
  if (row.isPromo) return words.promotion;
  if (row.price !== undefined && isHighlightedPrice(row.price)) return words.discount;
  return words.series;
}

function Price({ price }: { price: string }) {
  const words = usePageWords("priceList");
  if (NO_PRICE.test(price.trim()))
    return (
      <span className={styles.price}>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{words.noPrice}</span>
      </span>
    );
  return <span className={styles.price}>{price}</span>;
}

function Badge({ children }: { children: ReactNode }) {
  return <span className={styles.badge}>{children}</span>;
}

/** One line: name, a dotted leader, the price. */
function Row({
  name,
  price,
  badge,
  className,
}: {
  name: ReactNode;
  price: string;
  badge?: string;
  className?: string;
}) {
  return (
    <div className={[styles.row, className].filter(Boolean).join(" ")}>
      <span className={styles.label}>
        {name}
        {badge && (
          <>
            {" "}
            <Badge>{badge}</Badge>
          </>
        )}
      </span>
      <span className={styles.leader} aria-hidden="true" />
      <Price price={price} />
    </div>
  );
}

/** A translated line carries its Polish line's highlight (pricing.ts, withPolishHighlights); a Polish one is judged by its words. */
type Shown<T> = T & { highlight?: Highlight };

function ServiceItem({ service }: { service: Service }) {
  const words = usePageWords("priceList");
  const highlighted = service.highlight !== undefined || isHighlightedService(service);
  const badge = service.highlight
    ? words[service.highlight]
    : highlighted
      ? highlightReason(service, words)
      : undefined;
  return (
    <li className={highlighted ? styles.promo : undefined} data-highlighted={highlighted || undefined}>
      {"price" in service ? (
        <Row name={<span className={styles.serviceName}>{service.name}</span>} price={service.price} badge={badge} />
      ) : (
        <>
          <p className={styles.group}>
            <span className={styles.serviceName}>{service.name}</span>
            {badge && <Badge>{badge}</Badge>}
          </p>
          <ul className={styles.options}>
            {service.options.map((option: Shown<{ name: string; price: string }>) => {
              const optionHighlighted = option.highlight !== undefined || isHighlightedOption(option);
              return (
                <li
                  key={option.name}
                  className={optionHighlighted ? styles.promoOption : undefined}
                  data-highlighted={optionHighlighted || undefined}
                >
                  <Row
                    name={option.name}
                    price={option.price}
                    badge={
                      option.highlight
                        ? words[option.highlight]
                        : optionHighlighted
                          ? highlightReason(option, words)
                          : undefined
                    }
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}
      {service.offer && <OfferNote offer={service.offer} reduction={service.reduction} />}
      {service.note && <p className={styles.note}>{service.note}</p>}
    </li>
  );
}

/**
 * One price group of the price list: services with one price or named options, promotions highlighted, each
 * offer of a promotion with its period and terms, a reduction with the lowest price of the 30 days before it
 * (OfferNote). Used by
 * /cennik and by every treatment page's pricing section, so a price has one source and one look. Exactly the rows
 * the highlighting rules pick are highlighted (isPromo, options named '3 zabiegi w serii', prices containing 'rabatu'),
 * each marked with data-highlighted and a word saying why, so the highlight never rests on colour alone.
 */
export function PriceGroup({
  group,
  headingLevel = 2,
  anchor = true,
}: {
  group: Group;
  headingLevel?: 2 | 3;
  anchor?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  const words = usePageWords("priceList");
  return (
    <article className={styles.category} id={anchor ? group.id : undefined} aria-labelledby={`${group.id}-nazwa`}>
      <Heading id={`${group.id}-nazwa`} className={styles.name}>
        {group.category}
      </Heading>
      {group.deviceName && <p className={styles.description}>{`${words.device}: ${group.deviceName}`}</p>}
      {group.description && <p className={styles.description}>{group.description}</p>}
      <ul className={styles.services}>
        {group.services.map((service) => (
          <ServiceItem key={service.name} service={service} />
        ))}
      </ul>
    </article>
  );
}
