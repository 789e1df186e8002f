import { useState } from "react";
import { fullAddress, site } from "../../salon/config";
import { useConsent } from "../../site/consent";
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
  return (
    <figure className={styles.map}>
      <div className={styles.frame}>
        {interactive ? (
          <iframe
            src={site.mapsEmbedUrl}
            title={`Mapa dojazdu: ${fullAddress}`}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            className={styles.iframe}
          />
        ) : (
          <>
            <Picture
              name="mapa-salonu"
              alt={`Mapa okolicy salonu – ${fullAddress}`}
              sizes="(min-width: 80rem) 31.25rem, (min-width: 64rem) 41vw, calc(100vw - 3rem)"
              className={styles.image}
            />
            <button type="button" className={styles.load} onClick={() => setRequested(true)}>
              Pokaż mapę interaktywną
              {/* What the click does, said where it is made: the consent is the click's own. */}
              <span className={styles.loadNote}>Google otrzyma Twój adres IP i zapisze pliki cookies</span>
            </button>
          </>
        )}
      </div>
      <figcaption className={styles.caption}>
        <span>{fullAddress}</span>
        <a href={site.mapsUrl} target="_blank" rel="noopener noreferrer">
          Otwórz w Mapach Google<span className="visually-hidden"> (otwiera się w nowej karcie)</span>
        </a>
        <span className={styles.note}>
          Mapa interaktywna Google wczytuje się dopiero na Twoje życzenie albo po akceptacji plików cookies.
        </span>
      </figcaption>
    </figure>
  );
}
