import { Link } from "react-router";
import type { NeedsDocument } from "../../contentModel/schema";
import { routeLabel } from "../../site/routeTable";
import { useWords } from "../../hooks/useWords";
import { renderInline } from "../RichText/inline";
import { Accordion } from "../Accordion/Accordion";
import { Icon } from "../Icon/Icon";
import styles from "./NeedsAccordion.module.scss";

/** The needs page: each concern opens to its dedicated treatments (chips) and expected effects. */
export function NeedsAccordion({ items }: { items: NeedsDocument["items"] }) {
  const { routes } = useWords();
  return (
    <Accordion
      numbered
      items={items.map((need) => ({
        key: need.title,
        title: need.title,
        content: (
          <>
            <p className={styles.description}>{renderInline(need.description)}</p>
            <div className={styles.columns}>
              <div>
                <h3 className={styles.label}>Polecane zabiegi:</h3>
                <ul className={styles.chips}>
                  {need.treatments.map((path) => (
                    <li key={path}>
                      <Link to={path} className={styles.chip}>
                        {routeLabel(path, routes)}
                        <Icon name="chevronRight" size={16} />
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <h3 className={styles.label}>Efekty:</h3>
                <ul className={styles.effects}>
                  {need.effects.map((effect) => (
                    <li key={effect}>{renderInline(effect)}</li>
                  ))}
                </ul>
              </div>
            </div>
          </>
        ),
      }))}
    />
  );
}
