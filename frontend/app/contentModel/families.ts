/** The three treatment families, in menu order; each has its list page (content/families/) and each treatment belongs to one. */
export const families = ["face", "body", "permanent"] as const;
export type Family = (typeof families)[number];
