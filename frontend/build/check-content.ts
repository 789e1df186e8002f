/** `npm run content:check`: validates content/ the same way the build does, with every problem listed at once. */
import { validateAll } from "../app/content/load.server";

try {
  validateAll();
  console.log("content/: wszystkie dokumenty są poprawne");
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
