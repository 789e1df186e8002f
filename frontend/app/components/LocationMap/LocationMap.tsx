import { useState } from "react";
import { fullAddress, site } from "../../salon/config";
import { useConsent } from "../../site/consent";
import { useWords } from "../../hooks/useWords";
import { Picture } from "../Picture/Picture";
import styles from "./LocationMap.module.scss";

/**
 * The salon on a map without handing the visitor to a third party unasked: our own static map image, the address
 * and a link to the map service, until the visitor asks for the interactive map or has accepted cookies. Only then
 * is the map service's frame loaded, in the same reserved box, so nothing shifts.
 */
export function LocationMap() {
  const { choice } = useConsent();
  const [requested, setRequested] = useState(false);
  const interactive = requested || choice === "accepted";
  const words = useWords();
  const { cookies } = words;
  return (
    <figure className={styles.map}>
      <div className={styles.frame}>
        {interactive ? (
          <iframe
            src={site.mapsEmbedUrl}
            title={cookies.mapTitle(fullAddress)}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            className={styles.iframe}
          />
        ) : (
          <>
            <Picture
              name="mapa-salonu"
              alt={cookies.mapImage(fullAddress)}
              sizes="(min-width: 80rem) 31.25rem, (min-width: 64rem) 41vw, calc(100vw - 3rem)"
              className={styles.image}
            />
            <button type="button" className={styles.load} onClick={() => setRequested(true)}>
              {cookies.showMap}
              {/* What the click does, said where it is made: the consent is the click's own. */}
              <span className={styles.loadNote}>{cookies.showMapNote}</span>
            </button>
          </>
        )}
      </div>
      <figcaption className={styles.caption}>
        <span>{fullAddress}</span>
        <a href={site.mapsUrl} target="_blank" rel="noopener noreferrer">
          {cookies.openMap}
          <span className="visually-hidden">{` (${words.shell.newTab})`}</span>
        </a>
        <span className={styles.note}>{cookies.mapNote}</span>
      </figcaption>
    </figure>
  );
}
