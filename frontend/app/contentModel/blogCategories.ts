/** The blog's categories (the filter adds 'Wszystkie' in front). */
export const blogCategories = [
  "Makijaż permanentny",
  "Zabiegi na twarz",
  "Zabiegi na ciało",
  "Pielęgnacja",
  "Porady",
] as const;
