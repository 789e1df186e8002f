import type { PriceCategory as Category } from "../../content/schema";
import { isHighlightedOption, isHighlightedService } from "../../content/pricing";
import styles from "./PriceCategory.module.scss";

/**
 * One category of the price list: services with one price or named options, promotions highlighted. Used by
 * /cennik and by every treatment page's pricing section, so a price has one source and one look.
 */
export function PriceCategory({ category, headingLevel = 2, anchor = true }: { category: Category; headingLevel?: 2 | 3; anchor?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.category} id={anchor ? category.id : undefined} aria-labelledby={`${category.id}-nazwa`}>
      <Heading id={`${category.id}-nazwa`} className={styles.name}>
        {category.category}
      </Heading>
      {category.description && <p className={styles.description}>{category.description}</p>}
      <ul className={styles.services}>
        {category.services.map((service) => {
          const highlighted = isHighlightedService(service);
          return (
            <li key={service.name} className={highlighted ? styles.promo : undefined} data-highlighted={highlighted || undefined}>
              {"price" in service ? (
                <div className={styles.row}>
                  <span className={styles.serviceName}>
                    {service.name}
                    {highlighted && <span className={styles.badge}>Promocja</span>}
                  </span>
                  <span className={styles.price}>{service.price}</span>
                </div>
              ) : (
                <>
                  <span className={styles.serviceName}>
                    {service.name}
                    {highlighted && <span className={styles.badge}>Promocja</span>}
                  </span>
                  <ul className={styles.options}>
                    {service.options.map((option) => {
                      const optionHighlighted = isHighlightedOption(option);
                      return (
                        <li
                          key={option.name}
                          className={`${styles.row} ${optionHighlighted ? styles.promoOption : ""}`}
                          data-highlighted={optionHighlighted || undefined}
                        >
                          <span>{option.name}</span>
                          <span className={styles.price}>{option.price === "—" ? <span aria-label="cena wkrótce">—</span> : option.price}</span>
                        </li>
                      );
                    })}
                  </ul>
                </>
              )}
              {service.note && <p className={styles.note}>{service.note}</p>}
            </li>
          );
        })}
      </ul>
    </article>
  );
}
