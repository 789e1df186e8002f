import pageLabels from "../../../generated/page-labels.en.json" with { type: "json" };
import type { RouteWords } from "../pl/routes";

export const routes: RouteWords = {
  treatments: "Treatments",
  labels: {
    "/": "Home",
    "/cennik": "Prices",
    "/kontakt": "Contact",
    "/kontakt/wyslano": "Message sent",
    "/promocje": "Special offers",
    // The Polish-only pages the translated pages link to.
    "/blog": "Blog",
    "/polityka-prywatnosci": "Privacy policy",
    "/rodo": "Personal data (GDPR)",
    ...pageLabels,
  },
};
