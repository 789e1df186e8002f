import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import {
  CONTACT_ENDPOINT,
  CONTACT_LIMITS,
  submitContact,
  type ContactField,
  type ContactValues,
} from "./submitContact";
import { useProofOfWork } from "./useProofOfWork";
import styles from "./ContactForm.module.scss";

type Status = "idle" | "sending" | "success" | "error";

/** How one field is shown; Field draws every one of them with the same markup. */
interface FieldSpec {
  field: ContactField;
  label: string;
  type?: "text" | "email" | "tel";
  required?: boolean;
  multiline?: boolean;
  autoComplete?: string;
  hint?: string;
}

/** The form's fields, in their order on the page. */
const FIELDS: readonly FieldSpec[] = [
  { field: "name", label: "Imię i nazwisko", required: true, autoComplete: "name" },
  { field: "email", label: "E-mail", type: "email", required: true, autoComplete: "email" },
  { field: "phone", label: "Telefon", type: "tel", autoComplete: "tel" },
  { field: "message", label: "Wiadomość", required: true, multiline: true },
];

const valuesFrom = (read: (field: ContactField) => string) =>
  Object.fromEntries(FIELDS.map(({ field }) => [field, read(field)])) as ContactValues;

const empty = valuesFrom(() => "");

/** A text field's value ("" when it is missing; the form has no file inputs). */
function textOf(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * What the fields hold now. They are the truth: what a visitor types before the page hydrates is in them but not in
 * React's state, and a render from stale state would clear it (a controlled input takes its value from state).
 */
function fieldsOf(form: HTMLFormElement): ContactValues {
  const data = new FormData(form);
  return valuesFrom((field) => textOf(data, field));
}

export const SUCCESS_TEXT = "Wiadomość została wysłana. Dziękujemy za kontakt!";
export const ERROR_TEXT = "Wystąpił błąd podczas wysyłania wiadomości. Prosimy spróbować ponownie później.";
/** Said only when a post has to wait for its proof of work (a slow phone, or sent right after the page hydrated). */
export const PREPARING_TEXT = "Jeszcze chwila…";

interface FieldProps extends FieldSpec {
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

function Field({
  field,
  label,
  value,
  error,
  onChange,
  type = "text",
  required,
  multiline,
  autoComplete,
  hint,
}: FieldProps) {
  const id = `kontakt-${field}`;
  const describedBy =
    [hint ? `${id}-podpowiedz` : "", error ? `${id}-blad` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: field,
    value,
    onChange,
    required,
    maxLength: CONTACT_LIMITS[field],
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    autoComplete,
  } as const;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : <span className={styles.optional}> (opcjonalnie)</span>}
      </label>
      {multiline ? (
        <textarea rows={6} {...common} />
      ) : (
        <input type={type} {...common} inputMode={type === "tel" ? "tel" : undefined} />
      )}
      {hint && (
        <p id={`${id}-podpowiedz`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-blad`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The contact form: idle → sending → success (fields cleared) or error (fields kept, reasons shown). It posts to the
 * mailer by itself as well (method and action): without JavaScript, and before or without hydration, the browser
 * sends it and the mailer answers with a page (303 to the confirmation page, or what to fix).
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactValues>(empty);
  const [honeypot, setHoneypot] = useState("");
  const [status, setStatus] = useState<Status>("idle");
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [detail, setDetail] = useState<string | undefined>();
  const [preparing, setPreparing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Solved in the background from when the page is idle after hydration (and again on focus if that failed); the
  // visitor is told nothing unless a post must wait.
  const proofOfWork = useProofOfWork();

  // Hydrated: take over what was typed before, so that no later render clears it.
  useEffect(() => setValues(fieldsOf(formRef.current!)), []);

  const update = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = event.target.name as ContactField;
    setValues(fieldsOf(event.target.form!));
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    // Sent here, with fetch: the browser must not post the form itself as well.
    event.preventDefault();
    const current = fieldsOf(event.currentTarget);
    const trap = textOf(new FormData(event.currentTarget), "website");
    setValues(current);
    setStatus("sending");
    setDetail(undefined);
    setFieldErrors({});
    const proof = await proofOfWork.take(() => setPreparing(true));
    setPreparing(false);
    const result = await submitContact(current, trap || honeypot, proof);
    if (result.ok) {
      setValues(empty);
      setStatus("success");
    } else {
      setFieldErrors(result.fields);
      setDetail(result.detail);
      setStatus("error");
    }
  };

  const sending = status === "sending";
  return (
    <form
      ref={formRef}
      id="formularz-kontaktowy"
      method="post"
      action={CONTACT_ENDPOINT}
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      onFocus={proofOfWork.start}
      aria-busy={sending}
      noValidate={false}
    >
      {FIELDS.map((spec) => (
        <Field
          key={spec.field}
          {...spec}
          value={values[spec.field]}
          error={fieldErrors[spec.field]}
          onChange={update}
        />
      ))}
      {/* Hidden from people and assistive technology; bots that fill every field give themselves away. */}
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor="kontakt-website">Strona internetowa</label>
        <input
          id="kontakt-website"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(e) => setHoneypot(e.target.value)}
        />
      </div>
      <p className={styles.required}>Pola oznaczone * są wymagane.</p>
      <button type="submit" className={styles.submit} disabled={sending}>
        {sending ? "Wysyłanie..." : "Wyślij wiadomość"}
      </button>
      <div aria-live="polite">
        {preparing && <p>{PREPARING_TEXT}</p>}
        {status === "success" && (
          <p role="status" className={styles.success}>
            {SUCCESS_TEXT}
          </p>
        )}
      </div>
      <div aria-live="assertive">
        {status === "error" && (
          <div role="alert" className={styles.error}>
            <p>{ERROR_TEXT}</p>
            {detail && <p className={styles.detail}>{detail}</p>}
          </div>
        )}
      </div>
    </form>
  );
}
