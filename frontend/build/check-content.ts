/** `npm run content:check`: validates content/ the same way the build does, with every problem listed at once. */
export {};

try {
  // Imported here, inside the try: the route table reads the page files of content/ as it loads, and a file it
  // cannot read is reported like every other problem.
  const { validateAll } = await import("../app/content/validate.server");
  validateAll();
  console.log("content/: wszystkie dokumenty są poprawne");
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
