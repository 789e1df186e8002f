import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useLanguage, usePageWords } from "../../hooks/useWords";
import type { PageWords } from "../../site/words/pl/pages";
import {
  CONTACT_ENDPOINT,
  CONTACT_FIELDS,
  LANGUAGE_FIELD,
  TRAP_FIELD,
  confirmContact,
  submitContact,
  type ContactField,
  type ContactResult,
  type ContactValues,
  type Question,
  type SentFrom,
} from "./submitContact";
import { useProofOfWork } from "./useProofOfWork";
import styles from "./ContactForm.module.scss";

/**
 * The mailer's question, loaded only when it asks (a post without a proof of work is rare, and the contact page's
 * first-load JavaScript has no room for what most visitors never see).
 */
const Confirmation = lazy(() => import("./Confirmation"));

/** confirming: the mailer holds the message until its question is answered (Confirmation). */
type Status = "idle" | "sending" | "confirming" | "success" | "error";

/** How one field is shown; Field draws every one of them with the same markup. */
interface FieldSpec {
  /** Its maxLength: CONTACT_FIELDS; its label: the page's words. */
  field: ContactField;
  type?: "text" | "email" | "tel";
  required?: boolean;
  multiline?: boolean;
  autoComplete?: string;
  hint?: string;
}

/** The form's fields, in their order on the page. */
const FIELDS: readonly FieldSpec[] = [
  // A first name is enough to answer her; the surname is hers to give or not.
  { field: "name", required: true, autoComplete: "given-name" },
  { field: "email", type: "email", required: true, autoComplete: "email" },
  { field: "phone", type: "tel", autoComplete: "tel" },
  { field: "message", required: true, multiline: true },
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

interface FieldProps extends FieldSpec {
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  words: PageWords["form"];
}

function Field({
  field,
  value,
  error,
  onChange,
  words,
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
    maxLength: CONTACT_FIELDS[field].maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    autoComplete,
  } as const;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {words.labels[field]}
        {required ? <span aria-hidden="true"> *</span> : <span className={styles.optional}> {words.optional}</span>}
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
 * The contact form: idle → sending → success (fields cleared) or error (fields kept, reasons shown), or → confirming
 * when the mailer asks its question (no proof of work could be made, or the trap was filled): the message waits on
 * the server until it is answered, and "sent" is said only then. It posts to the mailer by itself as well (method and
 * action): without JavaScript, and before or without hydration, the browser sends it and the mailer answers with a
 * page (303 to the confirmation page, the question, or what to fix). In the page's language, which goes with every
 * post (LANGUAGE_FIELD), so that the mailer's answers, question and pages are in it too.
 */
export function ContactForm() {
  const language = useLanguage();
  const words = usePageWords("form");
  const from: SentFrom = { language, says: words };
  const [values, setValues] = useState<ContactValues>(empty);
  const [trap, setTrap] = useState("");
  const [status, setStatus] = useState<Status>("idle");
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [detail, setDetail] = useState<string | undefined>();
  const [question, setQuestion] = useState<Question | undefined>();
  const [preparing, setPreparing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Solved in the background from when the page loads (and again on focus if that failed); the visitor is told
  // nothing unless a post must wait.
  const proofOfWork = useProofOfWork();

  // Hydrated: take over what was typed before, so that no later render clears it.
  useEffect(() => setValues(fieldsOf(formRef.current!)), []);

  const update = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = event.target.name as ContactField;
    setValues(fieldsOf(event.target.form!));
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** What an answer of the mailer's (to the form or to the question) does to the form. */
  const settle = (result: ContactResult) => {
    setDetail(result.ok ? undefined : result.detail);
    if (result.ok) {
      setValues(empty);
      setQuestion(undefined);
      setStatus("success");
    } else if (result.confirm) {
      setQuestion(result.confirm);
      setStatus("confirming");
    } else {
      setFieldErrors(result.fields);
      setQuestion(undefined);
      setStatus("error");
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    // Sent here, with fetch: the browser must not post the form itself as well.
    event.preventDefault();
    const current = fieldsOf(event.currentTarget);
    const trapped = textOf(new FormData(event.currentTarget), TRAP_FIELD);
    setValues(current);
    setStatus("sending");
    setDetail(undefined);
    setQuestion(undefined);
    setFieldErrors({});
    const proof = await proofOfWork.take(() => setPreparing(true));
    setPreparing(false);
    settle(await submitContact(current, trapped || trap, proof, from));
  };

  const sending = status === "sending";
  return (
    <div className={styles.wrapper}>
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
            words={words}
          />
        ))}
        {/* For the browser's own post; the script's adds it itself (submitContact). */}
        <input type="hidden" name={LANGUAGE_FIELD} value={language} />
        {/*
          Hidden from people, assistive technology and autofill (display: none; a name and label that no autofill
          heuristic reads as a person's data); bots that fill every field give themselves away.
        */}
        <div className={styles.trap} aria-hidden="true">
          <label htmlFor="kontakt-kontrola">{words.trap}</label>
          <input
            id="kontakt-kontrola"
            name={TRAP_FIELD}
            tabIndex={-1}
            autoComplete="off"
            value={trap}
            onChange={(e) => setTrap(e.target.value)}
          />
        </div>
        <p className={styles.required}>{words.requiredNote}</p>
        <button type="submit" className={styles.submit} disabled={sending}>
          {sending ? words.sending : words.submit}
        </button>
        <div aria-live="polite">
          {preparing && <p>{words.preparing}</p>}
          {status === "success" && (
            <p role="status" className={styles.success}>
              {words.sent}
            </p>
          )}
        </div>
        <div aria-live="assertive">
          {status === "error" && (
            <div role="alert" className={styles.error}>
              <p>{words.failed}</p>
              {detail && <p className={styles.detail}>{detail}</p>}
            </div>
          )}
        </div>
      </form>
      {status === "confirming" && question && (
        <Suspense>
          <Confirmation
            key={question.token + question.question}
            question={question}
            why={detail}
            send={(token, answer) => confirmContact(token, answer, from)}
            onAnswer={settle}
            sendingText={words.sending}
            classes={styles}
          />
        </Suspense>
      )}
    </div>
  );
}
