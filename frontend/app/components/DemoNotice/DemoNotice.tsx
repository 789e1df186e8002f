import styles from "./DemoNotice.module.scss";

/** On every page of a demonstration build (site/demo.ts): the salon's data are examples, not a real salon's. */
export function DemoNotice() {
  return (
    <p className={styles.notice} role="note">
      <strong>Strona demonstracyjna.</strong> Nazwa, dane firmy, adres, telefon, opinie, zespół i zdjęcia są przykładowe
      – to nie są dane prawdziwego salonu.
    </p>
  );
}
