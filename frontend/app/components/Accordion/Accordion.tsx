import { useId, useState, type ReactNode } from "react";
import { Icon } from "../Icon/Icon";
import styles from "./Accordion.module.scss";

export interface AccordionItem {
  key: string;
  title: ReactNode;
  content: ReactNode;
}

/**
 * At most one panel open: opening one closes the other, clicking the open one closes it. Headings hold real
 * buttons with aria-expanded/aria-controls, so keyboard and screen readers get the state. Closed panels stay in the
 * prerendered HTML (hidden), so their text is there for search engines.
 */
export function Accordion({ items, headingLevel = 2 }: { items: AccordionItem[]; headingLevel?: 2 | 3 }) {
  const [open, setOpen] = useState<string | null>(null);
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={styles.accordion}>
      {items.map((item, i) => {
        const expanded = open === item.key;
        const buttonId = `${baseId}-przycisk-${i}`;
        const panelId = `${baseId}-panel-${i}`;
        return (
          <div key={item.key} className={styles.item} data-open={expanded}>
            <Heading className={styles.heading}>
              <button
                id={buttonId}
                type="button"
                className={styles.button}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : item.key)}
              >
                <span>{item.title}</span>
                <Icon name="chevronDown" size={22} className={styles.chevron} />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className={styles.panel}
              hidden={!expanded}
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
