import type { Words } from "../pl";

export const cookies: Words["cookies"] = {
  title: "Cookies",
  text: "With your consent, we will load a Google Maps directions map on the contact page, and Google will then store its cookies. Without consent, you will see a plain image of the map.",
  detailsBefore: "You will find the details in our ",
  privacyPolicy: "privacy policy",
  detailsAfter: ".",
  decline: "Decline",
  accept: "Accept",
  mapTitle: (address) => `Directions map: ${address}`,
  mapImage: (address) => `Map of the area around the salon – ${address}`,
  showMap: "Show the interactive map",
  showMapNote: "Google will receive your IP address and store cookies",
  openMap: "Open in Google Maps",
  mapNote: "The interactive Google map loads only when you ask for it or after you accept cookies.",
};
