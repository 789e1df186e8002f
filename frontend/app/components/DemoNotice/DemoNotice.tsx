import { useWords } from "../../hooks/useWords";
import styles from "./DemoNotice.module.scss";

/** On every page of a demonstration build (site/demo.ts): the salon's data are examples, not a real salon's. */
export function DemoNotice() {
  const { shell } = useWords();
  return (
    <p className={styles.notice} role="note">
      <strong>{shell.demoTitle}</strong> {shell.demoText}
    </p>
  );
}
