/**
 * Numbers that claim an effect ("−5,8 cm w obwodzie talii", "93% osób"), each kept once in content/figures.json
 * with the study it comes from. A page shows one only beside its source – author, title, year, who was studied, and
 * when it was measured – or, until the salon gives that, in a local or demonstration build, marked as a stand-in;
 * the production build refuses it (frontend/build/validateContent.ts) and `npm run launch:check` lists it. Copy takes a figure by
 * `{figure.<id>}`, a treatment's statistics by `stats.items[].figure`; a number of that kind written out anywhere
 * else is refused by the wording rules (FIGURE_CLAIMS).
 */
import type { FiguresDocument } from "./schema";

type Figure = FiguresDocument["figures"][string];
type Study = FiguresDocument["studies"][string];

/** What the source of a figure still lacks, in Polish; empty when the page may show it in production. */
export function missingSource(figure: Figure, study: Study | undefined): string[] {
  return [
    ...(study?.author ? [] : ["autor"]),
    ...(study?.title ? [] : ["tytuł"]),
    ...(study?.year ? [] : ["rok"]),
    ...(study?.sample ? [] : ["badane osoby"]),
    ...(figure.after ? [] : ["po ilu zabiegach zmierzono"]),
  ];
}

/** "A. Kowalska i in., „Tytuł”, 2024; 32 kobiety w wieku 25–55 lat" – only for a complete study. */
export const citation = (study: Study) => `${study.author}, „${study.title}”, ${study.year}; ${study.sample}`;

/** The footnote of a study: its citation, or – while it is incomplete – a plain mark that the numbers are examples. */
export function studyNote(study: Study | undefined, complete: boolean): string {
  if (complete && study) return `Źródło: ${citation(study)}.`;
  const year = study?.year ? `Badanie z ${study.year} roku – d` : "D";
  return `${year}ane przykładowe: salon nie podał jeszcze pełnego źródła (autor, tytuł, badane osoby, liczba zabiegów).`;
}

/** A figure in running text, with its source beside it: `{figure.<id>}`. */
export function figureText(figure: Figure, study: Study | undefined): string {
  return missingSource(figure, study).length === 0 && study
    ? `${figure.value} (${figure.after}; źródło: ${citation(study)})`
    : `${figure.value} (dane przykładowe, bez źródła)`;
}

/** A treatment's statistics as the page shows them: each number with its footnote, one footnote per study. */
export function statsWithSources(items: readonly { figure: string; label: string }[], doc: FiguresDocument) {
  const studies: string[] = [];
  const shown = items.map(({ figure: id, label }) => {
    const figure = doc.figures[id]!;
    if (!studies.includes(figure.study)) studies.push(figure.study);
    return {
      value: figure.value,
      label: figure.after ? `${label}, ${figure.after}` : label,
      footnote: studies.indexOf(figure.study) + 1,
      complete: missingSource(figure, doc.studies[figure.study]).length === 0,
    };
  });
  const footnotes = studies.map((study, i) =>
    studyNote(
      doc.studies[study],
      shown.every((item) => item.footnote !== i + 1 || item.complete),
    ),
  );
  return { items: shown.map(({ value, label, footnote }) => ({ value, label, footnote })), footnotes };
}
