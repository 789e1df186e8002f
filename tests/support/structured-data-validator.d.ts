declare module "@adobe/structured-data-validator" {
  /** Google rich-result rules, plus schema.org vocabulary checks when given schema.org's JSON-LD vocabulary. */
  export default class Validator {
    constructor(schemaOrgJson: unknown);
    validate(data: {
      jsonld: Record<string, unknown[]>;
      microdata: Record<string, unknown[]>;
      rdfa: Record<string, unknown[]>;
    }): Promise<unknown[]>;
  }
}
