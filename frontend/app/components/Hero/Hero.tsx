import { useEffect, useState } from "react";
import type { ContentDocument } from "../../contentModel/schema";
import { site } from "../../salon/config";
import { NoScriptPicture, Picture } from "../Picture/Picture";
import { Icon } from "../Icon/Icon";
import { Slide } from "../Slide/Slide";
import { SLIDE_INTERVAL_MS, useSlideshow } from "./useSlideshow";
import { useHydrated } from "../../hooks/useHydrated";
import { usePageWords, useWords } from "../../hooks/useWords";
import { fill } from "../../contentModel/blanks";
import { SiteLink } from "../SiteLink/SiteLink";
import styles from "./Hero.module.scss";

type HeroSlide = ContentDocument["hero"]["slides"][number];

/**
 * The home page slideshow. It advances by itself, so it stops while the pointer or keyboard focus is on it and
 * has a visible pause button (WCAG 2.2.2); the first slide is the page's LCP image.
 */
export function Hero({ slides }: { slides: HeroSlide[] }) {
  const hero = usePageWords("hero");
  const { newTab } = useWords().shell;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = hovered || focused || stopped;
  const { index, next, previous, goTo } = useSlideshow(slides.length, paused);
  // The prerendered page carries only the first slide's image (the LCP image). A hidden slide's photo is fetched
  // when the slide is shown, or 3 s before the timer would show it — not with the page, where a phone would spend
  // ≈ 50 KB per slide on photos nobody may see.
  const hydrated = useHydrated();
  const [withImage, setWithImage] = useState<readonly number[]>([0]);
  useEffect(() => {
    const add = (i: number) => setWithImage((shown) => (shown.includes(i) ? shown : [...shown, i]));
    add(index);
    if (!hydrated) return;
    const timer = setTimeout(() => add((index + 1) % slides.length), SLIDE_INTERVAL_MS - 3000);
    return () => clearTimeout(timer);
  }, [hydrated, index, slides.length]);

  return (
    <section
      className={styles.hero}
      aria-roledescription={hero.carousel}
      aria-label={hero.label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      {/* While it rotates by itself, changes are not announced; once paused, a slide change is (WAI-ARIA carousel). */}
      <div className={styles.slides} aria-live={paused ? "polite" : "off"}>
        {slides.map((slide, i) => (
          <Slide key={slide.image} index={i} count={slides.length} active={i === index} className={styles.slide}>
            {withImage.includes(i) ? (
              <Picture name={slide.image} alt={slide.alt} sizes="100vw" priority={i === 0} className={styles.image} />
            ) : (
              // Without JavaScript every slide is shown, one below the other (the stylesheet), each with its photo.
              <NoScriptPicture name={slide.image} alt={slide.alt} sizes="100vw" className={styles.image} />
            )}
            <div className={styles.caption}>
              <p className={styles.title}>{slide.title}</p>
              <p className={styles.text}>{slide.text}</p>
              <div className={styles.actions}>
                <SiteLink to="/kontakt" className={styles.primary}>
                  {hero.contact}
                </SiteLink>
                <a href={site.bookingUrl} target="_blank" rel="noopener noreferrer" className={styles.secondary}>
                  Booksy<span className="visually-hidden">{` – ${hero.booking} (${newTab})`}</span>
                </a>
              </div>
            </div>
          </Slide>
        ))}
      </div>
      <div className={styles.controls}>
        <button type="button" className={styles.arrow} onClick={previous} aria-label={hero.previous}>
          <Icon name="chevronLeft" size={24} />
        </button>
        <ul className={styles.dots}>
          {slides.map((slide, i) => (
            <li key={slide.image}>
              <button
                type="button"
                className={styles.dot}
                aria-label={fill(hero.slide, { number: i + 1 })}
                aria-current={i === index ? "true" : undefined}
                onClick={() => goTo(i)}
              />
            </li>
          ))}
        </ul>
        <button type="button" className={styles.arrow} onClick={next} aria-label={hero.next}>
          <Icon name="chevronRight" size={24} />
        </button>
        <button
          type="button"
          className={styles.pause}
          onClick={() => setStopped((value) => !value)}
          aria-label={stopped ? hero.resume : hero.pause}
        >
          <Icon name={stopped ? "play" : "pause"} size={20} />
        </button>
      </div>
    </section>
  );
}
