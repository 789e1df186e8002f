/** The blog's categories (the filter adds 'Wszystkie' in front). */
export const blogCategories = [
  "Makijaż Permanentny",
  "Zabiegi na Twarz",
  "Zabiegi na Ciało",
  "Pielęgnacja",
  "Porady",
] as const;
