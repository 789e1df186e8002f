import { Link } from "react-router";
import { phoneHref, site } from "../../salon/config";
import { pathIn } from "../../site/routeTable";
import { useLanguage, useWords } from "../../hooks/useWords";
import styles from "./ActionLinks.module.scss";

const internalTarget = { home: "/", contact: "/kontakt", pricing: "/cennik", promotions: "/promocje" } as const;

export type ActionKind = "online" | "home" | "contact" | "pricing" | "promotions" | "phone";

/** Where each kind of call to action leads: the booking service, a page of the site (in the page's language) or a call. */
export function ActionLinks({
  actions,
  className,
}: {
  actions: { kind: ActionKind; label: string }[];
  className?: string;
}) {
  const words = useWords();
  const language = useLanguage();
  return (
    <div className={[styles.actions, className].filter(Boolean).join(" ")}>
      {actions.map((action, i) => {
        const look = i === 0 ? styles.primary : styles.secondary;
        switch (action.kind) {
          case "online":
            return (
              <a key={action.kind} href={site.bookingUrl} target="_blank" rel="noopener noreferrer" className={look}>
                {action.label}
                <span className="visually-hidden">{` (${words.shell.newTab})`}</span>
              </a>
            );
          case "phone":
            return (
              <a key={action.kind} href={phoneHref} className={look}>
                {`${action.label}: ${site.phone}`}
              </a>
            );
          case "home":
          case "contact":
          case "pricing":
          case "promotions":
            return (
              <Link key={action.kind} to={pathIn(internalTarget[action.kind], language)} className={look}>
                {action.label}
              </Link>
            );
        }
      })}
    </div>
  );
}
