import type { ReactNode } from "react";
import { useReveal } from "../../hooks/useReveal";
import styles from "./Section.module.scss";

export interface SectionProps {
  /** Anchor of the section; also used for the heading id. */
  id?: string;
  title?: ReactNode;
  /** Visually hidden heading, for sections whose title would repeat what the design already shows. */
  hiddenTitle?: boolean;
  intro?: ReactNode;
  tone?: "plain" | "sand" | "blush";
  width?: "narrow" | "wide";
  className?: string;
  children: ReactNode;
}

/** A page section: semantic <section> labelled by its heading, with the shared spacing and fade-in. */
export function Section({
  id,
  title,
  hiddenTitle,
  intro,
  tone = "plain",
  width = "wide",
  className,
  children,
}: SectionProps) {
  const ref = useReveal<HTMLElement>();
  const headingId = id ? `${id}-tytul` : undefined;
  return (
    <section
      ref={ref}
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={[styles.section, styles[tone], className].filter(Boolean).join(" ")}
    >
      <div className={width === "narrow" ? styles.narrow : styles.wide}>
        {title ? (
          <h2 id={headingId} className={hiddenTitle ? "visually-hidden" : styles.title}>
            {title}
          </h2>
        ) : null}
        {intro ? <div className={styles.intro}>{intro}</div> : null}
        {children}
      </div>
    </section>
  );
}
