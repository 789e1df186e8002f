import pageLabels from "../../../generated/page-labels.uk.json" with { type: "json" };
import type { RouteWords } from "../pl/routes";

export const routes: RouteWords = {
  treatments: "Процедури",
  labels: {
    "/": "Головна",
    "/cennik": "Ціни",
    "/kontakt": "Контакти",
    "/kontakt/wyslano": "Повідомлення надіслано",
    "/promocje": "Акції",
    // The Polish-only pages the translated pages link to.
    "/blog": "Блог",
    "/polityka-prywatnosci": "Політика конфіденційності",
    "/rodo": "Персональні дані (GDPR)",
    ...pageLabels,
  },
};
