import { useEffect, useRef, useState, type FormEvent } from "react";
import type { ContactResult, Question } from "./submitContact";

interface Props {
  question: Question;
  /** What the mailer said: why it asks, or what was wrong with the last answer. */
  why?: string;
  /** Posts the answer with the question's token (confirmContact). */
  send: (token: string, answer: string) => Promise<ContactResult>;
  onAnswer: (result: ContactResult) => void;
  /** The button while the answer is on its way (the form's own sending text). */
  sendingText: string;
  /** The form's class names: the box looks like the form it belongs to. */
  classes: { confirm?: string; field?: string; hint?: string; fieldError?: string; submit?: string };
}

/**
 * The mailer's question for a message it holds until a person confirms it, shown under the form; its answer is
 * posted with the message's token (the message itself stays on the server). Focus moves to the answer, whose label
 * is the question and whose description says why it is asked. A chunk of its own, loaded only when the mailer asks:
 * everything it shares with the form comes in by props, so the form's first-load JavaScript does not carry it.
 */
export default function Confirmation({ question, why, send, onAnswer, sendingText, classes }: Props) {
  const [answer, setAnswer] = useState("");
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    const result = await send(question.token, answer);
    setSending(false);
    onAnswer(result);
  };

  return (
    <form className={classes.confirm} onSubmit={(event) => void onSubmit(event)} aria-busy={sending}>
      <fieldset>
        <legend>{question.title}</legend>
        {why && (
          <p id="kontakt-odpowiedz-dlaczego" className={question.again ? classes.fieldError : undefined}>
            {why}
          </p>
        )}
        <div className={classes.field}>
          <label htmlFor="kontakt-odpowiedz">{question.question}</label>
          <input
            ref={input}
            id="kontakt-odpowiedz"
            name="answer"
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={40}
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
            aria-invalid={question.again || undefined}
            aria-describedby={[why ? "kontakt-odpowiedz-dlaczego" : "", "kontakt-odpowiedz-podpowiedz"]
              .join(" ")
              .trim()}
          />
          <p id="kontakt-odpowiedz-podpowiedz" className={classes.hint}>
            {question.hint}
          </p>
        </div>
        <button type="submit" className={classes.submit} disabled={sending}>
          {sending ? sendingText : question.submit}
        </button>
      </fieldset>
    </form>
  );
}
