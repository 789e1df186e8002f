import type { ReactNode } from "react";
import { ActionLinks, type ActionKind } from "../ActionLinks/ActionLinks";
import styles from "./CtaBox.module.scss";

/** The invitation box that ends a page: a title, a sentence and the actions (consultation, price list, call…). */
export function CtaBox({
  id,
  title,
  children,
  actions,
  tone = "blush",
  align = "start",
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  actions: { kind: ActionKind; label: string }[];
  tone?: "blush" | "sand";
  align?: "start" | "center";
}) {
  return (
    <aside className={`${styles.box} ${styles[tone]} ${align === "center" ? styles.center : ""}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{children}</p>
      <ActionLinks actions={actions} className={styles.actions} />
    </aside>
  );
}
