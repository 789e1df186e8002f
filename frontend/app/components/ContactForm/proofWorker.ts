/**
 * The proof of work's search on a thread of its own: on a phone it runs on another core while the page hydrates,
 * instead of after it (proof.ts starts it; `npm run bench:mailer` slows this thread as much as the page's).
 */
import { searchAll, type Challenge } from "./search";

onmessage = (event: MessageEvent<Challenge>) => postMessage(searchAll(event.data) ?? null);
