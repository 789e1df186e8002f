/**
 * The words and claims a cosmetology salon's public copy must not contain, each with the law or the safety rule it
 * comes from, and the one term the site uses for each thing. The content check applies them to every text of every
 * document (read.server.ts) and names the file and the field of each text that breaks one; the rules that need the
 * price list (reductions, consultations) are applied with it (frontend/build/validateContent.ts). The built-site tests read the same
 * patterns. The reasons are in docs/decisions.md.
 */

/** A pattern a text must not contain (or may contain only together with `unless`), and what to write instead. */
export interface WordingRule {
  pattern: RegExp;
  /** The match is allowed when the same text also matches this (the isotretinoin interval, the exosomes' origin). */
  unless?: RegExp;
  /** Applied to advertising copy only: the legal texts (content/legal/) may name technologies and therapy. */
  advertisingOnly?: boolean;
  /** What is wrong and what to write, in Polish; the match is quoted before it. */
  why: string;
}

const word = (source: string) => new RegExp(`(?<!\\p{L})(${source})(?!\\p{L})`, "iu");

/**
 * Words a cosmetology salon must not use about its own work: it does not treat ("leczymy", "leczony obszar"),
 * diagnose or have patients. "Leczenie" stays allowed: it is the client's treatment by a doctor
 * ("w trakcie leczenia", "leczenie przeciwzakrzepowe").
 */
export const MEDICAL_WORDING = word(
  "leczymy|leczę|wylecz\\p{L}*|leczon\\p{L}*|leczni\\p{L}*|pacjent\\p{L}*|diagnoz\\p{L}*",
);

/**
 * Isotretinoin (an acne medicine) rules a treatment out during the course and for at least 6 months after it ends:
 * a text that names it says so in the same sentence or list item.
 */
export const ISOTRETINOIN = /izotretynoin/i;
export const ISOTRETINOIN_INTERVAL = /(mniej niż|co najmniej|najmniej|minimum) 6 miesięcy/;

/**
 * The technical selling points of a device for professional use: the Medical Devices Act (7 April 2022, art. 55
 * ust. 2 pkt 3) forbids advertising such devices to the public. Pages present the treatment and its cosmetic
 * outcome; the device's name stays only where it names the service (routes, headings, the price list).
 */
export const DEVICE_CLAIMS = new RegExp(
  [
    "(?<![\\p{L}\\d])\\d+(?:,\\d+)?\\s?(?:nm|GHz|MHz|kHz|Hz)(?!\\p{L})",
    "(?<!\\p{L})(?:opatentowan\\p{L}*|patent\\p{L}*|technologi\\p{L}*|nieablacyjn\\p{L}*|coolwaves|producent\\p{L}*)(?!\\p{L})",
    // The kind of energy a device emits and how it spreads ("energia mikrofal", "jego energia rozkłada się", "laser
    // wolumetryczny", "działa wolumetrycznie"), and its parts' features ("chłodzenie głowicy", "głowica wykorzystuje
    // fale radiowe", "aplikator emituje…"): the treatment is what the client gets.
    "(?<!\\p{L})(?:mikrofal\\p{L}*|wolumetryczn\\p{L}*|(?:jego|jej) energi\\p{L}*|energi\\p{L}* (?:lasera|urządzeni\\p{L}*|głowic\\p{L}*)|chłodzeni\\p{L}* głowic\\p{L}*|głowic\\p{L}* chłodząc\\p{L}*)(?!\\p{L})",
    "(?<!\\p{L})(?:głowic|aplikator|urządzeni|laser)\\p{L}*\\s+(?:\\p{L}+\\s+)?(?:wykorzystuj|emituj|generuj|wytwarz|wysył)\\p{L}*",
    // A non-ablative device's selling point: "nie naruszając naskórka", "bez naruszania skóry", "nie narusza ciągłości
    // skóry", "skóra pozostaje nienaruszona".
    "(?<!\\p{L})(?:nie|bez)\\s+narusz\\p{L}*\\s+(?:ciągłości\\s+)?(?:naskórk|skór|powierzchni)\\p{L}*|(?<!\\p{L})nienaruszon\\p{L}*",
    // Modes of a device ("5 trybów fal", "tryb pracy"), not a way of life ("siedzący tryb życia").
    "(?<!\\p{L})tryb\\p{L}*(?!\\p{L})(?!\\s+życia)",
    "efekt\\p{L}* Bohra",
  ].join("|"),
  "iu",
);

/**
 * Claims of therapy or of relief from a complaint (unfair market practices act, art. 5: a cosmetic treatment
 * presented as a remedy misleads), and claims no salon can promise ("bezbolesny", "skutecznie"). The body's systems
 * are not a salon's to act on: the lymph ("odpływ limfy", "układ limfatyczny"), and drainage, which is the lymph by
 * another name ("drenaż", "ruchy drenujące"); the circulation or blood supply a treatment would improve ("poprawia
 * krążenie", "mikrokrążenie", "poprawia jej ukrwienie", "lepiej ukrwiona skóra"; a contraindication such as
 * "choroba układu krążenia" and advice such as "palenie pogarsza ukrwienie skóry" stay); heavy or lighter legs, a
 * complaint. Copy says how skin looks and feels ("zdrowszy koloryt", "twarz wygląda na wypoczętą").
 */
export const THERAPEUTIC_CLAIMS = word(
  [
    "terapi\\p{L}*",
    "terapeutyczn\\p{L}*",
    "fizjoterapi\\p{L}*",
    "ulg\\p{L}*",
    "zastoj\\p{L}* limf\\p{L}*",
    "zastój limf\\p{L}*",
    "zaciskani\\p{L}* szczęk\\p{L}*",
    "pooperacyjn\\p{L}*",
    "pourazow\\p{L}*",
    "uszkodzon\\p{L}* komór\\p{L}*",
    "bezbolesn\\p{L}*",
    "skuteczn\\p{L}*",
    "limf\\p{L}*",
    "mikrokrążeni\\p{L}*",
    "drenaż\\p{L}*",
    "drenuj\\p{L}*",
    // An improvement before the circulation or the blood supply; "pogarsza ukrwienie" (advice) is not one.
    "(?:popraw|pobudz|wspier|wspom|usprawni|przyspiesz|stymul|aktywiz|zwiększ|wzmag|lepsz|lepiej)\\p{L}*\\s+(?:\\p{L}+\\s+)?(?:krążeni|ukrwi)\\p{L}*",
    "(?:ciężk|lżejsz|lekk)\\p{L}*\\s+(?:nóg|nog\\p{L}*)",
    // A complaint as the treatment's target, by its other names: puffiness ("endermologia na opuchnięcia twarzy",
    // "mniej opuchnięta twarz", "opuchlizna"; a side effect, "usta mogą być lekko opuchnięte", stays), acne ("peeling
    // na trądzik", "skóra trądzikowa"; as a contraindication, "trądzik ropny", "trądzik w fazie zapalnej", stays; the
    // scars it leaves, "blizny potrądzikowe", are the skin's look), and what medicines do ("przeciwzapalny").
    "opuchnię(?:ci|ć)\\p{L}*",
    "opuchlizn\\p{L}*",
    "mniej\\s+opuchnięt\\p{L}*",
    "trądzik\\p{L}*(?!\\s+(?:ropn|różowat|w\\s+fazie))",
    "przeciwzapaln\\p{L}*",
    "antybakteryjn\\p{L}*",
    "bakteriobójcz\\p{L}*",
    "lekkoś\\p{L}*\\s+(?:w\\s+)?(?:nóg|nog\\p{L}*)",
    "nog\\p{L}*\\s+(?:\\p{L}+\\s+)?lekkoś\\p{L}*",
  ].join("|"),
);

/**
 * Promises of an effect (unfair market practices act, art. 5: what a treatment does for most people, or surely, or at
 * once, is a claim of efficacy no salon can back): "u większości osób można liczyć na", "gwarantujemy efekt" (not
 * "nie daje gwarancji"), "natychmiastowy efekt", "trwały efekt", the removal of fat, a double chin or
 * cellulite. Copy says what a treatment may help with ("może pomóc", "twarz wygląda na wypoczętą").
 */
export const EFFICACY_CLAIMS = word(
  [
    "u\\s+większości\\s+(?:\\p{L}+\\s+)?(?:osób|klientek|kobiet|badanych)",
    // Not where it is denied: "nie da się zagwarantować", "nie daje gwarancji".
    "(?<!(?<!\\p{L})nie(?:\\s+\\p{L}+){0,2}\\s+(?:za)?)gwaran[tc]\\p{L}*",
    "natychmiastow\\p{L}*\\s+(?:efekt|rezultat)\\p{L}*",
    "(?:efekt|rezultat)\\p{L}*\\s+(?:jest\\s+|są\\s+)?(?:natychmiastow|trwał)\\p{L}*",
    "trwał(?:y|e|ego|ych|ym|ymi|ą|a)\\s+(?:efekt|rezultat)\\p{L}*",
    // Not where the sentence denies it ("nie usuwa tkanki tłuszczowej", "nie ma zabiegu, który usunie cellulit"),
    // nor for making something less visible ("zmniejszyć widoczność cellulitu").
    "(?<!(?<!\\p{L})(?:nie|żaden|żadna|żadne)(?:[\\s,]+\\p{L}+){0,5}[\\s,]+)(?:redukuj|redukcj|zmniejsz|likwid|usuw|usun|pozby|pozbyw)\\p{L}*\\s+(?:(?!widoczn)\\p{L}+\\s+)?(?:tkank\\p{L}*\\s+tłuszczow|drugi\\p{L}*\\s+podbród|cellulit)\\p{L}*",
  ].join("|"),
);

/**
 * How long an effect lasts, which no salon can promise ("efekty mogą utrzymywać się do 2 lat", "efekt nawet na 18
 * miesięcy", "rezultat na lata"); a schedule ("zabieg podtrzymujący co 2–3 miesiące") and when the effect is judged
 * ("pełny efekt po 3–6 miesiącach") are no such claim.
 */
export const DURATION_CLAIMS =
  /(?<!\p{L})(?:efekt|rezultat)\p{L}*[^.!?]*?(?<!\p{L})(?:do|nawet|przez|ponad|aż)\s+\d+(?:[,–-]\d+)?\s+(?:lat|lata|rok|roku|miesięcy|miesiące|miesiąca)(?!\p{L})|(?<!\p{L})(?:efekt|rezultat)\p{L}*\s+na\s+lata(?!\p{L})|(?<!\p{L})utrzym\p{L}*\s+się\s+(?:nawet\s+)?do\s+\d+/iu;

/**
 * A number that claims an effect, written out: a change with its sign ("−5,8 cm", "+92%"), a share of people or a
 * measure ("93% osób", "o 30% mniej cellulitu"; not a price: "o 15% mniej niż cztery zabiegi", "20% rabatu"), a
 * number of sessions that brings one ("już po 3 zabiegach", "5 zabiegów wystarczy"). Such a number stands only with
 * its source: content/figures.json, by `{figure.<id>}` (figures.ts).
 */
export const FIGURE_CLAIMS = new RegExp(
  [
    "(?<![\\p{L}\\d])[+−-]\\s?\\d+(?:,\\d+)?\\s?(?:%|cm|mm|kg)(?!\\p{L})",
    "(?<![\\p{L}\\d,])\\d+(?:,\\d+)?\\s?%\\s+(?:\\p{L}+\\s+)?(?:osób|klientek|kobiet|mężczyzn|badanych|uczestnik\\p{L}*|jędrności|elastyczności|nawilżenia|gęstości|redukcj\\p{L}*|poprawy|zmniejszeni\\p{L}*|wzrost\\p{L}*|(?:mniej|więcej)(?!\\s+niż))",
    "(?<!\\p{L})o\\s+\\d+(?:,\\d+)?\\s?(?:%|cm|mm|kg)(?:\\s+\\p{L}+)?\\s+(?:jędrn|gładsz|smuklejsz|węższ|płytsz|lepsz|mniejsz|(?:mniej|więcej)(?!\\s+niż))\\p{L}*",
    "(?<!\\p{L})(?:węższ|smuklejsz|mniejsz|szczuplejsz|płytsz|jędrniejsz|gładsz)\\p{L}*\\s+o\\s+\\d+(?:,\\d+)?\\s?(?:%|cm|mm|kg)",
    "(?<!\\p{L})(?:zmniejsz|redukuj|zredukuj|popraw|zwiększ|spłyc|wyszczupl)\\p{L}*\\s+(?:\\p{L}+\\s+){0,2}o\\s+\\d+(?:,\\d+)?\\s?(?:%|cm|mm|kg)",
    "(?<!\\p{L})już\\s+po\\s+\\d+\\s+zabieg\\p{L}*",
    "(?<![\\p{L}\\d])\\d+\\s+zabieg\\p{L}*\\s+(?:wystarcz\\p{L}*|daj\\p{L}*\\s+efekt)",
  ].join("|"),
  "iu",
);

/**
 * An anaesthetic cream is a medicinal product: the site does not offer one (a practitioner decides about it with the
 * client, docs/decisions.md).
 */
export const ANAESTHETIC = word(
  "krem\\p{L}* znieczulając\\p{L}*|znieczuleni\\p{L}* (?:miejscow|powierzchniow)\\p{L}*|(?:środk\\p{L}*|preparat\\p{L}*) znieczulając\\p{L}*",
);

/**
 * Exosomes of human origin are banned in cosmetics (Regulation (EC) 1223/2009, Annex II, entry 416: cells, tissues
 * or products of human origin): every text that names them says where they come from.
 */
export const EXOSOMES = word("egzosom\\p{L}*");
export const EXOSOME_ORIGIN = /roślinn/i;

/**
 * One term per thing across the site: the term to write, and the words for the same thing it replaces.
 */
export const TERMS: readonly { use: string; avoid: RegExp }[] = [
  // The salon's practitioners are women: "kosmetolożka", as "linergistka" and "właścicielka".
  { use: "kosmetolożka", avoid: word("kosmetolog(?:a|owi|iem|u|ów|ami|ach|om)?|kosmetolodzy") },
  { use: "drugi podbródek", avoid: word("podwójn\\p{L}* podbród\\p{L}*") },
  // LPG's outfit, as the price list names it ("Pakiet 10 zabiegów z kombinezonem").
  { use: "kombinezon", avoid: word("(?:strój|stroj\\p{L}*) (?:zabiegow\\p{L}*|do endermologii)|ze strojem") },
  { use: "mikroigłowa radiofrekwencja", avoid: word("radiofrekwencj\\p{L}* mikroigłow\\p{L}*") },
  { use: "natlenienie", avoid: word("oksygenacj\\p{L}*|dotlenieni\\p{L}*") },
  { use: "fala uderzeniowa", avoid: word("fal\\p{L}* akustyczn\\p{L}*") },
  // Permanent makeup's touch-up after 4–6 weeks.
  { use: "korekta", avoid: word("dopigmentowani\\p{L}*|retusz\\p{L}*") },
  // The business is the salon; "gabinet" is the room a treatment is done in.
  { use: "salon", avoid: word("(?:naszym|naszego|nasz|tym) (?:gabine|instytu)\\p{L}*|gabinet\\p{L}* kosmetologii") },
  // What the client comes for is a treatment ("zabieg"), counted in a series.
  { use: "zabieg", avoid: word("sesj\\p{L}*") },
  // Without needles or incisions.
  { use: "nieinwazyjny", avoid: word("bezinwazyjn\\p{L}*") },
  // The part of the body a treatment covers, as the price list counts it ("1 obszar"); "w okolicy żuchwy", a part of
  // the body, stays.
  { use: "obszar zabiegowy", avoid: word("okolic\\p{L}*\\s+zabieg\\p{L}*") },
];

/**
 * Running text that announces a reduction: the price information act (ustawa o informowaniu o cenach towarów i
 * usług, art. 4 ust. 2) wants the lowest price of the 30 days before the reduction wherever one is announced. Such
 * words may stand only where the page shows that price too: a price-list line that is a reduction (its `reduction`),
 * a promotion card, the promotion box of a page whose prices include a reduction (frontend/build/validateContent.ts). A series or
 * package discount ("20% rabatu", "taniej niż pojedyncze zabiegi") is a standing price, not a reduction.
 */
export const REDUCTION_WORDING = word(
  [
    "cen\\p{L}* regularn\\p{L}*",
    "regularn\\p{L}* cen\\p{L}*",
    "zamiast \\d+ zł",
    "taniej o \\d+",
    "przed obniżką",
    "obniżk\\p{L}*",
    "obniżon\\p{L}*",
    "przecen\\p{L}*",
    "promocyjn\\p{L}*",
    "w promocji",
    "niższ\\p{L}* cen\\p{L}*",
  ].join("|"),
);

/**
 * An offer of a consultation ("zapraszamy na konsultację", "umów bezpłatną konsultację", "porozmawiajmy o tym na
 * konsultacji", "zapisz w kalendarzu termin konsultacji", "plan zabiegów ułożony po konsultacji"): an invitation in
 * the same sentence as the consultation, or a plan promised from one. It says what the consultation costs, as the
 * price list gives it (frontend/build/validateContent.ts).
 */
export const CONSULTATION_OFFER = new RegExp(
  [
    "(?<!\\p{L})(?:zapraszamy|zapraszam|umów|umówimy|umówić|przyjdź|zacznij|zaczniemy|zaczynamy|zacząć|skorzystaj|zapisz|zarezerwuj|zaplanuj|porozmawiajmy|porozmawiamy|spotkajmy)(?!\\p{L})[^.!?]*?(?<!\\p{L})konsultacj\\p{L}*",
    "(?<!\\p{L})plan\\p{L}*\\s+(?:\\p{L}+\\s+)?(?:ułożon|ustalon|przygotowan|dobran)\\p{L}*\\s+(?:na|po|podczas)\\s+konsultacj\\p{L}*",
  ].join("|"),
  "iu",
);

/**
 * "Pierwsza konsultacja jest bezpłatna": it says the next ones are paid, which is untrue while the price list gives
 * every consultation for 0 zł (frontend/build/validateContent.ts); write that consultations are free.
 */
export const FIRST_CONSULTATION_FREE =
  /(?<!\p{L})pierwsz\p{L}*\s+(?:\p{L}+\s+)?konsultacj\p{L}*[^.!?]*?bezpłatn|(?<!\p{L})bezpłatn\p{L}*\s+(?:jest\s+)?(?:tylko\s+)?pierwsz\p{L}*\s+konsultacj/iu;

const RULES: readonly WordingRule[] = [
  {
    pattern: MEDICAL_WORDING,
    why: "słownictwo medyczne; salon kosmetologiczny nie leczy ani nie diagnozuje",
  },
  {
    pattern: ISOTRETINOIN,
    unless: ISOTRETINOIN_INTERVAL,
    why: "izotretynoina bez odstępu – napisz w tym samym zdaniu, że zabieg jest możliwy najwcześniej 6 miesięcy po zakończeniu kuracji („zakończona mniej niż 6 miesięcy temu”)",
  },
  {
    pattern: DEVICE_CLAIMS,
    advertisingOnly: true,
    why: "parametr lub zaleta techniczna urządzenia – reklamowanie publiczności wyrobów medycznych do użytku profesjonalnego jest zakazane (ustawa o wyrobach medycznych, art. 55 ust. 2 pkt 3); opisz zabieg i jego efekt kosmetyczny",
  },
  {
    pattern: THERAPEUTIC_CLAIMS,
    advertisingOnly: true,
    why: "obietnica terapii, ulgi w dolegliwości albo skuteczności – zabieg kosmetyczny nie jest leczeniem (ustawa o przeciwdziałaniu nieuczciwym praktykom rynkowym, art. 5); opisz efekt kosmetyczny",
  },
  {
    pattern: EFFICACY_CLAIMS,
    advertisingOnly: true,
    why: "obietnica skuteczności – zabieg kosmetyczny nie daje gwarancji efektu ani pewnego wyniku u większości osób (ustawa o przeciwdziałaniu nieuczciwym praktykom rynkowym, art. 5); napisz, w czym zabieg może pomóc",
  },
  {
    pattern: DURATION_CLAIMS,
    advertisingOnly: true,
    why: "obietnica, jak długo utrzyma się efekt – tego salon nie może zapewnić (ustawa o przeciwdziałaniu nieuczciwym praktykom rynkowym, art. 5); napisz, od czego zależy trwałość efektu i jak go podtrzymać",
  },
  {
    pattern: FIGURE_CLAIMS,
    advertisingOnly: true,
    why: "liczba opisująca efekt bez źródła – wpisz ją do content/figures.json razem z badaniem (autor, tytuł, rok, badane osoby, po ilu zabiegach) i wstaw znacznikiem {figure.<id>}: strona pokaże ją obok źródła",
  },
  {
    pattern: ANAESTHETIC,
    why: "krem znieczulający to produkt leczniczy – strona go nie oferuje (o znieczuleniu decyduje praktyk z klientką, docs/decisions.md)",
  },
  {
    pattern: EXOSOMES,
    unless: EXOSOME_ORIGIN,
    why: "egzosomy bez pochodzenia – napisz w tym samym tekście, że są roślinne (materiał pochodzenia ludzkiego jest w kosmetykach zakazany: rozporządzenie 1223/2009, zał. II poz. 416)",
  },
  ...TERMS.map(({ use, avoid }): WordingRule => ({
    pattern: avoid,
    why: `jedno określenie dla jednej rzeczy – pisz „${use}” (docs/decisions.md, „One term per thing”)`,
  })),
];

/** A link's target is an address, not wording: [tekst](/blog/jak-zmniejszyc-…) is checked as "tekst". */
const withoutLinkTargets = (text: string) => text.replace(/\]\([^)]*\)/g, "]");

/**
 * What one text breaks, as `„match” – why` lines. `advertising` is false for the legal texts, which may name
 * technologies ("pliki cookies i podobne technologie") and therapy.
 */
export function wordingProblems(text: string, advertising: boolean): string[] {
  const checked = withoutLinkTargets(text);
  return RULES.filter((rule) => advertising || !rule.advertisingOnly).flatMap((rule) => {
    const match = checked.match(rule.pattern);
    if (!match || rule.unless?.test(checked)) return [];
    return [`„${match[0]}” – ${rule.why}`];
  });
}
