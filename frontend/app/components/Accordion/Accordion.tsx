import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import styles from "./Accordion.module.scss";

export interface AccordionItem {
  key: string;
  title: ReactNode;
  content: ReactNode;
}

/**
 * At most one panel open: opening one closes the other, clicking the open one closes it. Headings hold real
 * buttons with aria-expanded/aria-controls, so Enter and Space work natively and screen readers get the state;
 * Arrow Up/Down, Home and End move between the headers (WAI-ARIA accordion pattern). Closed panels stay in the
 * prerendered HTML (hidden), so their text is there for search engines.
 */
export function Accordion({ items, headingLevel = 2, numbered = false }: { items: AccordionItem[]; headingLevel?: 2 | 3; numbered?: boolean }) {
  const [open, setOpen] = useState<string | null>(null);
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const Heading = `h${headingLevel}` as const;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = items.length - 1;
    const target = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  }

  return (
    <div className={styles.accordion} data-numbered={numbered || undefined}>
      {items.map((item, i) => {
        const expanded = open === item.key;
        const buttonId = `${baseId}-przycisk-${i}`;
        const panelId = `${baseId}-panel-${i}`;
        return (
          <div key={item.key} className={styles.item} data-open={expanded}>
            <Heading className={styles.heading}>
              <button
                ref={(element) => {
                  buttons.current[i] = element;
                }}
                id={buttonId}
                type="button"
                className={styles.button}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : item.key)}
                onKeyDown={(event) => onKeyDown(event, i)}
              >
                {numbered && (
                  <span className={styles.number} aria-hidden="true">
                    {String(i + 1).padStart(2, "0")}
                  </span>
                )}
                <span className={styles.title}>{item.title}</span>
                <span className={styles.sign} aria-hidden="true" />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.panel} hidden={!expanded}>
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
