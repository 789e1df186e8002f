import type { ContactPage } from "../../contentModel/schema";
import { renderInline } from "../RichText/inline";
import styles from "./FormPrivacyNotice.module.scss";

/**
 * What the visitor must know before sending the contact form (GDPR art. 13): who the controller is, why, on what
 * legal basis and how long the message is kept, who receives it and whether giving the data is voluntary, her rights and the complaint to the supervisory authority, with a
 * link to the privacy policy — and that health does not belong in it (art. 9: the form has no basis for such data).
 * Placed with the form; the text is `formNotice` in content/pages/kontakt.json.
 */
export function FormPrivacyNotice({ notice }: { notice: ContactPage["formNotice"] }) {
  return (
    <div className={styles.notice}>
      <p className={styles.health}>{renderInline(notice.healthData)}</p>
      <p>
        {renderInline(notice.controller)} {renderInline(notice.purpose)} {renderInline(notice.recipients)}
      </p>
      <p>{renderInline(notice.rights)}</p>
    </div>
  );
}
