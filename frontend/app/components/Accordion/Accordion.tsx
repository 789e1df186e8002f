import { useId, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from "react";
import styles from "./Accordion.module.scss";

export interface AccordionItem {
  key: string;
  title: ReactNode;
  content: ReactNode;
}

/**
 * At most one panel open: opening one closes the other, clicking the open one closes it. Each entry is a <details>
 * whose <summary> holds the title's heading, so it opens and closes without JavaScript too (a page whose scripts
 * never arrive, or a visitor without them): Enter and Space work natively and screen readers get the expanded state.
 * The entries share a name, so the browser keeps one open; where a browser does not know that yet, the toggle
 * handler closes the others. Arrow Up/Down, Home and End move between the titles (WAI-ARIA accordion pattern).
 * Closed panels stay in the prerendered HTML, so their text is there for search engines and find-in-page.
 */
export function Accordion({
  items,
  headingLevel = 2,
  numbered = false,
}: {
  items: AccordionItem[];
  headingLevel?: 2 | 3;
  numbered?: boolean;
}) {
  const name = useId();
  const summaries = useRef<(HTMLElement | null)[]>([]);
  const Heading = `h${headingLevel}` as const;

  function onKeyDown(event: KeyboardEvent<HTMLElement>, index: number) {
    const last = items.length - 1;
    const target = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    summaries.current[target]?.focus();
  }

  function onToggle(event: SyntheticEvent<HTMLDetailsElement>) {
    const opened = event.currentTarget;
    if (!opened.open) return;
    for (const other of summaries.current) {
      const details = other?.parentElement;
      if (details instanceof HTMLDetailsElement && details !== opened) details.open = false;
    }
  }

  return (
    <div className={styles.accordion} data-numbered={numbered || undefined}>
      {items.map((item, i) => (
        <details key={item.key} name={name} className={styles.item} onToggle={onToggle}>
          <summary
            ref={(element) => {
              summaries.current[i] = element;
            }}
            className={styles.summary}
            onKeyDown={(event) => onKeyDown(event, i)}
          >
            {numbered && (
              <span className={styles.number} aria-hidden="true">
                {String(i + 1).padStart(2, "0")}
              </span>
            )}
            <Heading className={styles.title}>{item.title}</Heading>
            <span className={styles.sign} aria-hidden="true" />
          </summary>
          <div className={styles.panel}>{item.content}</div>
        </details>
      ))}
    </div>
  );
}
