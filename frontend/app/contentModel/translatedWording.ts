/**
 * The wording rules of wordingRules.ts in the translations' languages: the same laws (a salon does not treat,
 * diagnose or relieve, promises no efficacy or duration, and names no professional device's technical selling
 * points), in the words each language uses for them. The content check applies them to every translated field
 * (translations.server.ts) and names file and field, as it does for the Polish text.
 */
import type { Language } from "./languages";

interface Rule {
  pattern: RegExp;
  /** What is wrong, in Polish (the operator's language, like every message of the content check). */
  why: string;
}

const word = (source: string) => new RegExp(`(?<!\\p{L})(${source})(?!\\p{L})`, "iu");

const MEDICAL = "gabinet kosmetologii nie leczy, nie diagnozuje i nie ma pacjentów (jak MEDICAL_WORDING po polsku)";
const THERAPY =
  "obietnica terapii albo ulgi – zabieg kosmetyczny to nie środek na dolegliwość (ustawa o przeciwdziałaniu nieuczciwym praktykom rynkowym, art. 5; jak THERAPEUTIC_CLAIMS po polsku)";
const EFFICACY =
  "obietnica skuteczności, której salon nie może zagwarantować – napisz, w czym zabieg może pomóc (jak EFFICACY_CLAIMS i DURATION_CLAIMS po polsku)";
const DEVICE =
  "parametr lub zaleta techniczna urządzenia – reklama wyrobu do użytku profesjonalnego wobec klientów jest zabroniona (ustawa o wyrobach medycznych, art. 55 ust. 2 pkt 3; jak DEVICE_CLAIMS po polsku)";
const DEVICE_UNITS = "(?<![\\p{L}\\d])\\d+(?:[.,]\\d+)?\\s?(?:nm|GHz|MHz|kHz|Hz|нм|ГГц|МГц|кГц|Гц)(?!\\p{L})";

const RULES: Record<Language, readonly Rule[]> = {
  en: [
    { pattern: word("patients?|diagnos\\p{L}*|cur(?:e|es|ed|ing)|heal(?:s|ed|ing)?"), why: MEDICAL },
    {
      pattern: word(
        [
          "therap\\p{L}*",
          "lymph\\p{L}*",
          "drain(?:age|s|ing)?",
          "(?:circulation|blood\\s+flow|blood\\s+supply)",
          "(?:heavy|heavier|light|lighter)\\s+legs",
          "puffiness|swelling",
          "(?<!(?:inflammatory|pustular|active)\\s)acne(?!\\s+scars?)",
          "anti-?inflammatory|antibacterial",
          "painless|pain-free",
          "effective(?:ly)?|relie(?:f|ves?)",
        ].join("|"),
      ),
      why: THERAPY,
    },
    {
      pattern: word(
        [
          "guarantee\\p{L}*",
          "in\\s+most\\s+(?:people|clients|women|cases)",
          "(?:instant|immediate|permanent|lasting)\\s+(?:results?|effects?)",
          "(?:remov|eliminat|reduc|get\\s+rid\\s+of|burn)\\p{L}*\\s+(?!the\\s+(?:appearance|visibility|look))(?:\\p{L}+\\s+)?(?:fat|double\\s+chin|cellulite)",
          "(?:results?|effects?)[^.!?]*?(?:up\\s+to|as\\s+long\\s+as|even)\\s+\\d+(?:[–-]\\d+)?\\s+(?:years?|months?)",
        ].join("|"),
      ),
      why: EFFICACY,
    },
    {
      pattern: new RegExp(
        `${DEVICE_UNITS}|(?<!\\p{L})(?:patent\\p{L}*|technolog\\p{L}*|non-?ablative|microwaves?|volumetric\\p{L}*|manufacturer\\p{L}*)(?!\\p{L})`,
        "iu",
      ),
      why: DEVICE,
    },
  ],
  uk: [
    { pattern: word("пацієнт\\p{L}*|діагно\\p{L}*|вилікув\\p{L}*|лікуємо|лікує|лікують|лікую"), why: MEDICAL },
    {
      pattern: word(
        [
          "терапі\\p{L}*",
          "терапевтичн\\p{L}*",
          "лімф\\p{L}*",
          "дренаж\\p{L}*",
          "кровообіг\\p{L}*|мікроциркуляц\\p{L}*|кровопостачанн\\p{L}*",
          "(?:важк|легк|легш)\\p{L}*\\s+ніг",
          "набряк\\p{L}*",
          "(?<!(?:запальн|гнійн|активн)\\p{L}*\\s)акне(?!\\p{L})(?!\\s+рубц)|вугр\\p{L}*",
          "протизапальн\\p{L}*|антибактеріальн\\p{L}*",
          "безболісн\\p{L}*",
          "ефективн\\p{L}*|полегшенн\\p{L}*",
        ].join("|"),
      ),
      why: THERAPY,
    },
    {
      pattern: word(
        [
          "гарант\\p{L}*",
          "у\\s+більшості\\s+(?:\\p{L}+\\s+)?(?:людей|клієнток|жінок|осіб|випадків)",
          "(?:миттєв|постійн|тривал)\\p{L}*\\s+(?:ефект|результат)\\p{L}*",
          "(?:видал|усува|позбав|зменшу|спалю)\\p{L}*\\s+(?!видим)(?:\\p{L}+\\s+)?(?:жир\\p{L}*|подвійн\\p{L}*\\s+підборідд\\p{L}*|целюліт\\p{L}*)",
          "(?:ефект|результат)\\p{L}*[^.!?]*?(?:до|навіть)\\s+\\d+(?:[–-]\\d+)?\\s+(?:рок\\p{L}*|міс\\p{L}*)",
        ].join("|"),
      ),
      why: EFFICACY,
    },
    {
      pattern: new RegExp(
        `${DEVICE_UNITS}|(?<!\\p{L})(?:патент\\p{L}*|технологі\\p{L}*|неабляційн\\p{L}*|мікрохвил\\p{L}*|волюметричн\\p{L}*|виробник\\p{L}*)(?!\\p{L})`,
        "iu",
      ),
      why: DEVICE,
    },
  ],
};

/** One line per rule a translated text breaks: the words quoted, then why. */
export function translatedWordingProblems(text: string, language: Language): string[] {
  const words = text.replace(/\]\([^)]*\)/g, "]");
  return RULES[language].flatMap(({ pattern, why }) => {
    const match = words.match(pattern);
    return match ? [`„${match[0]}” – ${why}`] : [];
  });
}
