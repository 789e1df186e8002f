/** `npm run content:check`: validates content/ the same way the build does, with every problem listed at once. */
export {};

try {
  // Imported here, inside the try: a document the check cannot even load is reported like every other problem.
  const { validateAll } = await import("./validateContent");
  validateAll();
  console.log("content/: wszystkie dokumenty są poprawne");
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
