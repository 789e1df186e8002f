import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { mainNavIn, familyListPath, pagePath, routeByPath } from "../../site/routeTable";
import { polishPathOf } from "../../site/languagePaths";
import { openingHours } from "../../site/openingHours";
import { site, phoneHref } from "../../salon/config";
import { Icon } from "../Icon/Icon";
import { Logo } from "../Logo/Logo";
import { LanguageSwitcher, SWITCHER_LANGUAGES } from "../LanguageSwitcher/LanguageSwitcher";
import { useHydrated } from "../../hooks/useHydrated";
import { useLanguage, useWords } from "../../hooks/useWords";
import styles from "./Header.module.scss";

/** The main menu: the header's last element (root.tsx holds the first paint until it has been parsed). */
export const NAV_ID = "menu-glowne";

/** The 'Zabiegi' item is active on the three family lists and on every treatment page, in every language. */
function inTreatments(pathname: string): boolean {
  return (
    Object.values(familyListPath).includes(polishPathOf(pagePath(pathname))) ||
    routeByPath(pathname)?.kind === "treatment"
  );
}

/** Matches the SCSS breakpoint at which the menu is shown inline (lg). */
const desktopLayout = () => typeof window !== "undefined" && window.matchMedia?.("(min-width: 64rem)").matches === true;

/** The salon's profiles in the top bar: the network's icon, named for a screen reader. */
const socialLinks = [
  { icon: "facebook", name: "Facebook", href: site.social.facebook },
  { icon: "instagram", name: "Instagram", href: site.social.instagram },
] as const;

function TopBar() {
  const words = useWords();
  const hours = openingHours(words.shell).open.map((line) => `${line.short} ${line.label}`);
  return (
    <div className={styles.topBar}>
      <div className={styles.topInner} style={{ "--languages": SWITCHER_LANGUAGES.length } as CSSProperties}>
        <a href={phoneHref} className={styles.topLink}>
          <Icon name="phone" size={16} />
          <span>{site.phone}</span>
        </a>
        <span className={styles.hours}>{hours.join(", ")}</span>
        <ul
          className={styles.social}
          aria-label={words.header.social}
          style={{ "--links": socialLinks.length } as CSSProperties}
        >
          {socialLinks.map(({ icon, name, href }) => (
            <li key={icon}>
              <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${name} (${words.shell.newTab})`}>
                <Icon name={icon} size={18} />
              </a>
            </li>
          ))}
        </ul>
        <LanguageSwitcher className={styles.languages} />
      </div>
    </div>
  );
}

function Dropdown({
  label,
  items,
  active,
}: {
  label: string;
  items: { label: string; path: string }[];
  active: boolean;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const openedByHover = useRef(false);
  /** The frame that will focus the first item after ArrowDown: cancelled if the dropdown closes before it runs. */
  const pendingFocus = useRef(0);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) {
      openedByHover.current = false;
      cancelAnimationFrame(pendingFocus.current);
    }
  }, [open]);

  const focusItem = (index: number) => {
    const links = listRef.current?.querySelectorAll<HTMLAnchorElement>("a");
    if (!links?.length) return;
    links[(index + links.length) % links.length]?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      pendingFocus.current = requestAnimationFrame(() => focusItem(0));
    }
  };

  const onListKey = (event: KeyboardEvent) => {
    const links = [...(listRef.current?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === "Escape") {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      focusItem(index + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      focusItem(index - 1);
    }
  };

  return (
    <li
      className={styles.dropdown}
      // Hover opens it for a mouse on the desktop layout only; in the collapsed mobile menu a tap toggles it.
      onPointerEnter={(event) => {
        if (event.pointerType !== "mouse" || !desktopLayout()) return;
        openedByHover.current = true;
        setOpen(true);
      }}
      onPointerLeave={(event) => event.pointerType === "mouse" && desktopLayout() && setOpen(false)}
      onBlur={(event) => {
        // Close once focus has left the whole dropdown (Tab past the last item).
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`${styles.navLink} ${active ? styles.active : ""}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          // A click right after the hover that opened it keeps it open instead of closing it again.
          if (openedByHover.current) openedByHover.current = false;
          else setOpen((value) => !value);
        }}
        onKeyDown={onButtonKey}
      >
        {label}
        <Icon name="chevronDown" size={18} className={styles.chevron} />
      </button>
      <ul id={menuId} ref={listRef} className={styles.submenu} data-open={open} onKeyDown={onListKey}>
        {items.map((item) => (
          <li key={item.path}>
            <NavLink to={item.path} className={({ isActive }) => `${styles.subLink} ${isActive ? styles.active : ""}`}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const current = pagePath(pathname);
  const hydrated = useHydrated();
  const words = useWords();
  const language = useLanguage();

  // The mobile menu closes whenever the visitor navigates.
  useEffect(() => setMenuOpen(false), [pathname]);
  // Opened as a plain link before hydration (the address ends in #menu-glowne), it stays open when the button takes over.
  useEffect(() => setMenuOpen(window.location.hash === `#${NAV_ID}`), []);

  return (
    <header className={styles.header} onKeyDown={(event) => event.key === "Escape" && setMenuOpen(false)}>
      <TopBar />
      <div className={styles.bar}>
        <Logo />
        {hydrated ? (
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={menuOpen}
            aria-controls={NAV_ID}
            onClick={() => setMenuOpen((value) => !value)}
          >
            <Icon name={menuOpen ? "close" : "menu"} size={24} />
            <span>{menuOpen ? words.header.close : words.header.menu}</span>
          </button>
        ) : (
          // Without JavaScript, and until the page hydrates: links that open the menu (it is the :target) and close it.
          // Between hydration and the button taking their place, React takes their tap as the button would.
          <>
            <a href={`#${NAV_ID}`} className={`${styles.toggle} ${styles.openLink}`} onClick={() => setMenuOpen(true)}>
              <Icon name="menu" size={24} />
              <span>{words.header.menu}</span>
            </a>
            {/* eslint-disable-next-line jsx-a11y-x/anchor-is-valid -- "#" ends the :target that opened the menu */}
            <a href="#" className={`${styles.toggle} ${styles.closeLink}`} onClick={() => setMenuOpen(false)}>
              <Icon name="close" size={24} />
              <span>{words.header.close}</span>
            </a>
          </>
        )}
        <nav id={NAV_ID} aria-label={words.header.mainMenu} className={styles.nav} data-open={menuOpen}>
          <ul className={styles.menu}>
            {mainNavIn(language, words.routes).map((item) =>
              item.children ? (
                <Dropdown key={item.label} label={item.label} items={item.children} active={inTreatments(pathname)} />
              ) : (
                <li key={item.path}>
                  {/* Not NavLink's `end`: the prerendered location has a trailing slash (routeTable.pagePath). */}
                  <Link
                    to={item.path!}
                    aria-current={current === item.path ? "page" : undefined}
                    className={`${styles.navLink} ${current === item.path ? styles.active : ""}`}
                  >
                    {item.label}
                  </Link>
                </li>
              ),
            )}
          </ul>
          <a href={site.bookingUrl} target="_blank" rel="noopener noreferrer" className={styles.book}>
            {words.header.book}
            <span className="visually-hidden">{` (${words.shell.newTab})`}</span>
          </a>
        </nav>
      </div>
    </header>
  );
}
